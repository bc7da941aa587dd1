import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export function RotateSecretDialog({
  prefix,
  rotating,
  onConfirm,
  onClose,
}: {
  prefix: string | null;
  rotating: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      onClose={rotating ? undefined : onClose}
      aria-labelledby="rotate-secret-title"
      aria-describedby="rotate-secret-text"
      slotProps={{ paper: { sx: { width: 420, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id="rotate-secret-title">Rotate signing secret?</DialogTitle>
      <DialogContent>
        <DialogContentText id="rotate-secret-text">
          {prefix ? `The current secret (${prefix}…)` : 'The current secret'} stops verifying at once: events from now
          on, and retries still waiting, are signed with the new one. Update your receiver right after.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3 }}>
        <Button onClick={onClose} disabled={rotating} autoFocus>
          Keep it
        </Button>
        <Button color="warning" variant="contained" onClick={onConfirm} loading={rotating}>
          Rotate
        </Button>
      </DialogActions>
    </Dialog>
  );
}
