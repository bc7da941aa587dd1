import Box from '@mui/material/Box';
import { TextInput } from '../../components/text-input';
import { formatDateTime } from '../../components/date-time';
import { useUpdateReferralMutation, type TReferralSettings } from '../api/settings';
import { FormFooter } from './form-footer';
import { useSettingsForm } from './use-settings-form';

type ReferralField = 'fundingBonus' | 'marginPercent' | 'marginPurchases';

function valuesOf(rule: TReferralSettings): Record<ReferralField, string> {
  return {
    fundingBonus: rule.fundingBonus,
    marginPercent: rule.marginPercent,
    marginPurchases: String(rule.marginPurchases),
  };
}

/** What a referrer earns: a bonus on the referred agent's first funding, and a share of their first purchases' margin. */
export function ReferralForm({ rule, mayChange }: { rule: TReferralSettings; mayChange: boolean }) {
  const [update] = useUpdateReferralMutation();
  const saved = valuesOf(rule);
  const form = useSettingsForm(saved, async (values) => {
    const changes = Object.fromEntries(
      (Object.keys(values) as ReferralField[])
        .filter((key) => values[key] !== saved[key])
        .map((key) => [key, values[key].trim()]),
    );
    const answer = await update(changes).unwrap();
    return { message: answer.message, saved: valuesOf(answer.data) };
  });

  return (
    <Box component="form" onSubmit={(event) => void form.submit(event)} noValidate aria-label="Referral rule">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' }, columnGap: 2 }}>
        <TextInput
          label="Bonus on first funding (₦)"
          inputMode="decimal"
          disabled={!mayChange}
          maxLength={16}
          {...form.field('fundingBonus')}
          helperText={form.errors.fundingBonus ?? '0 pays no funding bonus'}
        />
        <TextInput
          label="Share of margin (%)"
          inputMode="decimal"
          disabled={!mayChange}
          maxLength={6}
          {...form.field('marginPercent')}
          helperText={form.errors.marginPercent ?? 'Of what the referred agent earns on a sale'}
        />
        <TextInput
          label="On their first purchases"
          inputMode="numeric"
          disabled={!mayChange}
          maxLength={4}
          {...form.field('marginPurchases')}
          helperText={form.errors.marginPurchases ?? '0 pays no share of margin'}
        />
      </Box>
      {rule.updatedAt && (
        <Box sx={{ typography: 'caption', color: 'text.secondary' }}>Last changed {formatDateTime(rule.updatedAt)}</Box>
      )}
      <FormFooter
        mayChange={mayChange}
        busy={form.busy}
        changed={form.changed}
        state={form.state}
        label="Save referral rule"
      />
    </Box>
  );
}
