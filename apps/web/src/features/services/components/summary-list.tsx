import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export type SummaryLine = readonly [label: string, value: ReactNode];

/** Label–value rows, as a description list. */
export function SummaryList({ lines }: { lines: readonly SummaryLine[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'auto 1fr',
        columnGap: 2,
        rowGap: 0.75,
        m: 0,
        '& dd': { m: 0, textAlign: 'right', fontWeight: 500, overflowWrap: 'anywhere' },
        '& dt': { color: 'text.secondary' },
      }}
    >
      {lines.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}
