import type { TKycStatus } from '@agentdesk/contract/funding/kyc';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import Block from '@mui/icons-material/Block';
import HourglassEmpty from '@mui/icons-material/HourglassEmpty';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Chip from '@mui/material/Chip';
import { DateTime } from '../../components/date-time';
import { useAgentKycQuery } from '../api/agents';
import { Detail, DetailsList } from './details-list';
import { Section } from './section';
import { ToneChip } from './tone-chip';

const STATUS_WORDS: Record<TKycStatus, string> = {
  none: 'Not submitted',
  submitted: 'Submitted',
  pending: 'Being checked',
  verified: 'Verified',
  failed: 'Failed',
};

function KycChip({ status }: { status: TKycStatus }) {
  const label = STATUS_WORDS[status];
  if (status === 'verified') return <ToneChip label={label} tone="success" icon={<VerifiedUser />} />;
  if (status === 'failed') return <ToneChip label={label} tone="error" icon={<Block />} />;
  if (status === 'submitted' || status === 'pending')
    return <ToneChip label={label} tone="warning" icon={<HourglassEmpty />} />;
  return <Chip size="small" variant="outlined" label={label} icon={<RadioButtonUnchecked />} />;
}

/** The agent's identity check (the id masked: operators never see it whole) and dedicated accounts. */
export function KycSection({ agentId }: { agentId: string }) {
  const { data, isError } = useAgentKycQuery(agentId);
  return (
    <Section id="agent-kyc" title="Identity and own accounts" action={data && <KycChip status={data.status} />}>
      {!data ? (
        <Typography variant="body2" color="text.secondary">
          {isError ? 'Could not load the identity check.' : 'Loading…'}
        </Typography>
      ) : (
        <>
          {data.status === 'none' ? (
            <Typography variant="body2" color="text.secondary">
              No identity check yet: the agent has no account numbers of their own.
            </Typography>
          ) : (
            <DetailsList>
              <Detail term={data.idType === 'nin' ? 'NIN' : 'BVN'}>{data.maskedId}</Detail>
              <Detail term="Name on the ID">
                {data.firstName} {data.lastName}
              </Detail>
              {data.verifiedAt && (
                <Detail term="Verified">
                  <DateTime value={data.verifiedAt} />
                </Detail>
              )}
              {data.failureMessage && <Detail term="Reason">{data.failureMessage}</Detail>}
            </DetailsList>
          )}
          {data.accounts.length > 0 && (
            <Box component="ul" aria-label="Dedicated accounts" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5 }}>
              {data.accounts.map((account) => (
                <Box component="li" key={account.provider} sx={{ py: 0.5 }}>
                  <Typography variant="body2">
                    <strong>{account.provider === 'monnify' ? 'Monnify' : 'Paystack'}</strong>: {account.bankName}{' '}
                    <Box component="span" sx={{ fontFamily: 'monospace' }}>
                      {account.accountNumber}
                    </Box>{' '}
                    ({account.accountName})
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
        </>
      )}
    </Section>
  );
}
