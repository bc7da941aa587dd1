import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Figures as a definition list: two columns on a phone, one row of `columns` on a wide screen. */
export function FigureList({ children, columns = 5 }: { children: ReactNode; columns?: number }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: `repeat(${columns}, minmax(0, 1fr))` },
        gap: 1.5,
        m: 0,
      }}
    >
      {children}
    </Box>
  );
}

export function Figure({ term, children, note }: { term: string; children: ReactNode; note?: string }) {
  return (
    <div>
      <Typography component="dt" variant="caption" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {children}
        {note && (
          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {note}
          </Typography>
        )}
      </Typography>
    </div>
  );
}
