import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { CopyButton } from './copy-button';

/**
 * The one time a secret (an API key, a signing secret) is shown, with a copy button. It lives
 * in the props only: closing the dialog forgets it. Only "Done" or Escape close it: a stray
 * tap beside the dialog must not lose the secret.
 */
export function SecretOnceDialog({
  idPrefix,
  title,
  warning,
  label,
  secret,
  copyLabel,
  testId,
  footer,
  onClose,
}: {
  /** Prefix of the ids that tie the title, warning and label to the dialog and the secret. */
  idPrefix: string;
  title: string;
  warning: ReactNode;
  label: ReactNode;
  secret: string;
  copyLabel: string;
  testId: string;
  footer: ReactNode;
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      aria-labelledby={`${idPrefix}-title`}
      aria-describedby={`${idPrefix}-warning`}
      slotProps={{ paper: { sx: { width: 520, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id={`${idPrefix}-title`}>{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" id={`${idPrefix}-warning`} sx={{ mb: 2 }}>
          {warning}
        </Alert>
        <Typography variant="body2" color="text.secondary" id={`${idPrefix}-label`} sx={{ mb: 0.5 }}>
          {label}
        </Typography>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            p: 1.5,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'action.hover',
          }}
        >
          <Box
            component="code"
            aria-labelledby={`${idPrefix}-label`}
            data-testid={testId}
            sx={{ flex: 1, fontFamily: 'monospace', fontSize: '0.875rem', overflowWrap: 'anywhere', userSelect: 'all' }}
          >
            {secret}
          </Box>
          <CopyButton value={secret} label={copyLabel} />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {footer}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
