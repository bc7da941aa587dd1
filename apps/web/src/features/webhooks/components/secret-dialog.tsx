import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { CopyButton } from '../../../components/copy-button';

/**
 * The one time a signing secret is shown (after the first save or a rotation). It lives in
 * this dialog's props only: closing it forgets the secret.
 */
export function SecretDialog({ secret, rotated, onClose }: { secret: string; rotated: boolean; onClose: () => void }) {
  return (
    <Dialog
      open
      // Only "Done" or Escape close it: a stray tap beside the dialog must not lose the secret.
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      aria-labelledby="webhook-secret-title"
      aria-describedby="webhook-secret-warning"
      slotProps={{ paper: { sx: { width: 520, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id="webhook-secret-title">{rotated ? 'Your new signing secret' : 'Your signing secret'}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" id="webhook-secret-warning" sx={{ mb: 2 }}>
          Copy this secret now and put it in your receiver&apos;s settings. <strong>You will not see it again</strong>:
          if you lose it, rotate it to get another.
          {rotated && ' The old secret no longer verifies.'}
        </Alert>
        <Typography variant="body2" color="text.secondary" id="webhook-secret-label" sx={{ mb: 0.5 }}>
          Signing secret
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
            aria-labelledby="webhook-secret-label"
            data-testid="webhook-secret"
            sx={{ flex: 1, fontFamily: 'monospace', fontSize: '0.875rem', overflowWrap: 'anywhere', userSelect: 'all' }}
          >
            {secret}
          </Box>
          <CopyButton value={secret} label="Copy signing secret" />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Each event carries <code>X-AgentDesk-Signature: t=…,v1=…</code>: the HMAC-SHA256 of <code>t.body</code> under
          this secret.
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
