import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../lib/http/error-message';
import { ScreenLoading } from '../layout/screen-loading';

/** One settings section: its heading and what it is for, then its form once its data is here. */
export function SettingsSection({
  id,
  title,
  description,
  query,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  query: { isLoading: boolean; isError: boolean; error?: unknown; refetch: () => unknown };
  children: ReactNode;
}) {
  let body;
  if (query.isLoading) body = <ScreenLoading label={`Loading ${title.toLowerCase()}…`} />;
  else if (query.isError)
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      >
        Could not load {title.toLowerCase()}. {errorMessage(query.error)}
      </Alert>
    );
  else body = children;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={`${id}-title`} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={`${id}-title`} component="h2" variant="h6" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" component="div" sx={{ mb: 2 }}>
        {description}
      </Typography>
      {body}
    </Paper>
  );
}
