import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One card of the overview: a titled section (its h2 names it for screen readers). */
export function OverviewCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`${id}-title`}
      sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Typography id={`${id}-title`} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The card's main figure, large. */
export function Headline({ children }: { children: ReactNode }) {
  return <Typography sx={{ fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.3 }}>{children}</Typography>;
}
