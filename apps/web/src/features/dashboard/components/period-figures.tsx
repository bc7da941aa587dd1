import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TPeriodFigures } from '@agentdesk/contract/dashboard/summary';
import { formatNaira } from '../../../lib/money';

function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{ m: 0, textAlign: 'right', fontWeight: strong ? 700 : 500, fontSize: strong ? '1.15rem' : undefined }}
      >
        {value}
      </Typography>
    </Box>
  );
}

const COUNT_COLOURS = { delivered: 'success.dark', pending: 'warning.dark', failed: 'error.dark' } as const;

/**
 * One period's sales at face value, what they cost the agent, and the margin between, with
 * the purchases by state. The state is a word beside its number, never a colour alone.
 */
export function PeriodFigures({ title, figures }: { title: string; figures: TPeriodFigures }) {
  const id = `figures-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2.5, flex: 1, minWidth: 260 }}>
      <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', rowGap: 0.75, columnGap: 2, m: 0 }}>
        <Figure label="Sales" value={formatNaira(figures.sales)} strong />
        <Figure label="Cost" value={formatNaira(figures.cost)} />
        <Figure label="Margin" value={formatNaira(figures.margin)} />
      </Box>
      <Stack
        component="ul"
        direction="row"
        aria-label={`${title}: purchases by state`}
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 2, gap: 1, flexWrap: 'wrap' }}
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
    </Paper>
  );
}
