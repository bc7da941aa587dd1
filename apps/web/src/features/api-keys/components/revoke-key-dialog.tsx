import { useState } from 'react';
import { toast } from 'react-toastify';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { TApiKey } from '@agentdesk/contract/api/api-keys';
import { errorMessage } from '../../../lib/http/error-message';
import { useRevokeApiKeyMutation } from '../api/api-key-mutations';

export function RevokeKeyDialog({ apiKey, onClose }: { apiKey: TApiKey; onClose: () => void }) {
  const [revokeApiKey] = useRevokeApiKeyMutation();
  const [revoking, setRevoking] = useState(false);

  async function confirm() {
    setRevoking(true);
    try {
      const answer = await revokeApiKey(apiKey.id).unwrap();
      toast.success(answer.message);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error));
      setRevoking(false);
    }
  }

  return (
    <Dialog
      open
      onClose={revoking ? undefined : onClose}
      aria-labelledby="revoke-key-title"
      aria-describedby="revoke-key-text"
      slotProps={{ paper: { sx: { width: 400, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id="revoke-key-title">Revoke API key?</DialogTitle>
      <DialogContent>
        <DialogContentText id="revoke-key-text">
          {apiKey.name} ({apiKey.prefix}…) stops working at once: every app or site using it will be refused. This
          cannot be undone.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3 }}>
        <Button onClick={onClose} disabled={revoking} autoFocus>
          Keep it
        </Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} loading={revoking}>
          Revoke
        </Button>
      </DialogActions>
    </Dialog>
  );
}
