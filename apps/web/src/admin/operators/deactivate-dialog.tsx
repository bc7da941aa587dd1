import { useState } from 'react';
import type { TOperator } from '@agentdesk/contract/admin/operators';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { errorMessage } from '../../lib/http/error-message';
import { useDeactivateOperatorMutation } from '../api/operators';

/**
 * Asks before deactivating (it cannot be undone: an owner invites again). The server's refusal
 * (the last active owner) is shown in the dialog in its own words.
 */
export function DeactivateDialog({
  operator,
  isYou,
  onClose,
  onDone,
}: {
  operator: TOperator;
  isYou: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [deactivate] = useDeactivateOperatorMutation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function confirm() {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await deactivate(operator.id).unwrap();
      onDone(`${answer.message}.`);
    } catch (error) {
      setFailure(errorMessage(error));
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="deactivate-operator-title"
      aria-describedby="deactivate-operator-text"
      slotProps={{ paper: { sx: { width: 440, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id="deactivate-operator-title">Deactivate {operator.username}?</DialogTitle>
      <DialogContent>
        <DialogContentText id="deactivate-operator-text">
          {isYou ? 'You' : `${operator.firstName} ${operator.lastName}`} can no longer sign in, and{' '}
          {isYou ? 'your' : 'their'} open sessions end at once
          {operator.status === 'invited' ? ', with the invitation’s link' : ''}. This cannot be undone: to bring{' '}
          {isYou ? 'you' : 'them'} back, an owner invites again.
        </DialogContentText>
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3 }}>
        <Button onClick={onClose} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} loading={busy}>
          Deactivate
        </Button>
      </DialogActions>
    </Dialog>
  );
}
