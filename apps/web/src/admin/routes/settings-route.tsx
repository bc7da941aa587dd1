import Stack from '@mui/material/Stack';
import { createFundingAccount, disableFundingAccount } from '@agentdesk/contract/admin/funding';
import { updateReferralSettings } from '@agentdesk/contract/admin/referral-settings';
import { setSupportSettings, updateContactSettings } from '@agentdesk/contract/admin/settings';
import { PageHeader } from '../../components/page-header';
import {
  useContactSettingsQuery,
  useFundingAccountsQuery,
  useReferralSettingsQuery,
  useSupportSettingsQuery,
} from '../api/settings';
import { useOperatorMay } from '../session/use-operator-may';
import { ContactForm } from '../settings/contact-form';
import { FundingAccounts } from '../settings/funding-accounts';
import { ReferralForm } from '../settings/referral-form';
import { SettingsSection } from '../settings/settings-section';
import { SupportForm } from '../settings/support-form';

/**
 * /admin/settings: what agents are told and offered (contact details, the support chat number,
 * the referral rule, the bank accounts they transfer to). Every role reads; an owner changes,
 * and the server checks every field (its message shows under the field).
 */
export function SettingsRoute() {
  const contact = useContactSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const support = useSupportSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const referral = useReferralSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const accounts = useFundingAccountsQuery(undefined, { refetchOnMountOrArgChange: true });
  const mayContact = useOperatorMay(updateContactSettings);
  const maySupport = useOperatorMay(setSupportSettings);
  const mayReferral = useOperatorMay(updateReferralSettings);
  const mayAddAccount = useOperatorMay(createFundingAccount);
  const mayDisableAccount = useOperatorMay(disableFundingAccount);

  return (
    <>
      <PageHeader title="Settings" subtitle="What agents are told and offered" />
      <Stack spacing={3}>
        <SettingsSection
          id="support"
          title="Support number"
          description="The WhatsApp number the chat button on every agent page opens."
          query={support}
        >
          {support.data && <SupportForm settings={support.data} mayChange={maySupport} />}
        </SettingsSection>
        <SettingsSection
          id="contact"
          title="Contact details"
          description="Shown on the agents’ Contact page. Clear a field to hide it."
          query={contact}
        >
          {contact.data && <ContactForm settings={contact.data} mayChange={mayContact} />}
        </SettingsSection>
        <SettingsSection
          id="referral"
          title="Referral rule"
          description="What an agent earns for bringing another. A change applies from now on, not to past events."
          query={referral}
        >
          {referral.data && <ReferralForm rule={referral.data} mayChange={mayReferral} />}
        </SettingsSection>
        <SettingsSection
          id="accounts"
          title="Funding accounts"
          description="The bank accounts agents transfer to when they fund their wallet, with the charge taken from each transfer."
          query={accounts}
        >
          {accounts.data && (
            <FundingAccounts accounts={accounts.data} mayAdd={mayAddAccount} mayDisable={mayDisableAccount} />
          )}
        </SettingsSection>
      </Stack>
    </>
  );
}
