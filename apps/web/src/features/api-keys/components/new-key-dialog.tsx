import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { TNewApiKey } from '@agentdesk/contract/api/api-keys';
import { CopyButton } from '../../../components/copy-button';

/**
 * The one time a key's secret is shown. It lives in this dialog's props only: closing it
 * forgets the secret (the server keeps a keyed hash, never the key).
 */
export function NewKeyDialog({ apiKey, onClose }: { apiKey: TNewApiKey; onClose: () => void }) {
  return (
    <Dialog
      open
      // Only "Done" or Escape close it: a stray tap beside the dialog must not lose the key.
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      aria-labelledby="new-key-title"
      aria-describedby="new-key-warning"
      slotProps={{ paper: { sx: { width: 520, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id="new-key-title">Your new API key</DialogTitle>
      <DialogContent>
        <Alert severity="warning" id="new-key-warning" sx={{ mb: 2 }}>
          Copy this key now and keep it somewhere safe. <strong>You will not see it again</strong>: if you lose it,
          revoke it and generate another.
        </Alert>
        <Typography variant="body2" color="text.secondary" id="new-key-label" sx={{ mb: 0.5 }}>
          {apiKey.name}
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
            aria-labelledby="new-key-label"
            data-testid="new-api-key"
            sx={{ flex: 1, fontFamily: 'monospace', fontSize: '0.875rem', overflowWrap: 'anywhere', userSelect: 'all' }}
          >
            {apiKey.secret}
          </Box>
          <CopyButton value={apiKey.secret} label="Copy API key" />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Send it with every call to the reseller API as <code>Authorization: Bearer {apiKey.prefix}…</code>
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
