import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TOverviewPeriod } from '@agentdesk/contract/admin/overview';
import { formatNaira } from '../../lib/money';
import { Headline, OverviewCard } from './overview-card';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontWeight: 500 }}>
        {value}
      </Typography>
    </Box>
  );
}

const COUNT_COLOURS = { delivered: 'success.dark', pending: 'warning.dark', failed: 'error.dark' } as const;

/**
 * A period's sales (what agents paid for delivered orders), their face value, the upstream's
 * cost and the margin when known, and the orders by state: the state a word beside its
 * number, never a colour alone.
 */
export function PeriodCard({ id, title, figures }: { id: string; title: string; figures: TOverviewPeriod }) {
  const orders = figures.delivered + figures.pending + figures.failed;
  return (
    <OverviewCard id={id} title={title}>
      <Headline>{formatNaira(figures.sales)}</Headline>
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
        {orders === 0 ? 'No orders yet.' : 'Sales: what agents paid for delivered orders.'}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', rowGap: 0.5, columnGap: 2, m: 0 }}>
        <Figure label="Face value" value={formatNaira(figures.faceValue)} />
        <Figure label="Cost" value={figures.cost === null ? 'Not recorded' : formatNaira(figures.cost)} />
        <Figure label="Margin" value={figures.margin === null ? 'Not recorded' : formatNaira(figures.margin)} />
      </Box>
      <Stack
        component="ul"
        direction="row"
        aria-label={`${title}: orders by state`}
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, gap: 1, flexWrap: 'wrap' }}
      >
        {(['delivered', 'pending', 'failed'] as const).map((state) => (
          <Box
            component="li"
            key={state}
            sx={{ px: 1.25, py: 0.5, border: 1, borderColor: 'divider', borderRadius: 1, fontSize: '0.875rem' }}
          >
            <Box component="span" sx={{ fontWeight: 700, color: COUNT_COLOURS[state] }}>
              {figures[state]}
            </Box>{' '}
            {state}
          </Box>
        ))}
      </Stack>
    </OverviewCard>
  );
}
