import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A guide: an anchor target (`/documentation#id`) with its heading. */
export function GuideSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      sx={{
        scrollMarginTop: 80,
        py: 3,
        minWidth: 0,
        '& + &': { borderTop: 1, borderColor: 'divider' },
        '& p, & li': { typography: 'body2', lineHeight: 1.7 },
        '& ul': { pl: 3 },
      }}
    >
      <Typography id={`${id}-title`} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Inline code; `nowrap` keeps an identifier on one line (in a table that scrolls sideways). */
export function Code({ children, nowrap = false }: { children: ReactNode; nowrap?: boolean }) {
  return (
    <Box
      component="code"
      sx={{
        px: 0.5,
        borderRadius: 0.5,
        bgcolor: 'action.hover',
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        fontSize: '0.9em',
        ...(nowrap ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }),
      }}
    >
      {children}
    </Box>
  );
}
