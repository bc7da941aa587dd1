import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** An honest placeholder: what will be here and why it is empty now. */
export function EmptyState({ icon, title, children }: { icon?: ReactNode; title: string; children?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', color: 'text.secondary' }}>
      {icon && <div aria-hidden="true">{icon}</div>}
      <Typography variant="h6" component="h2" color="text.primary" sx={{ mt: icon ? 1 : 0 }}>
        {title}
      </Typography>
      {children && (
        <Typography variant="body2" component="div" sx={{ mt: 1, maxWidth: 520, mx: 'auto' }}>
          {children}
        </Typography>
      )}
    </Paper>
  );
}
