import { useRef, useState } from 'react';
import type { TAgentDetail } from '@agentdesk/contract/admin/agents';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { errorMessage } from '../../lib/http/error-message';
import { useSendPasswordResetMutation } from '../api/agents';
import type { ActionOutcome } from '../shared/outcome-alert';

/** Emails the agent the reset code their own “Forgot password” sends; asked first, sent once. */
export function PasswordResetDialog({
  agent,
  onClose,
  onDone,
}: {
  agent: TAgentDetail;
  onClose: () => void;
  onDone: (outcome: ActionOutcome) => void;
}) {
  const [sendReset] = useSendPasswordResetMutation();
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function confirm() {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await sendReset(agent.id).unwrap();
      onDone({ severity: 'success', text: `${answer.message}.` });
    } catch (error) {
      setFailure(errorMessage(error));
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="password-reset-title"
      aria-describedby="password-reset-text"
    >
      <DialogTitle id="password-reset-title">Send a password reset?</DialogTitle>
      <DialogContent>
        <DialogContentText id="password-reset-text">
          {agent.firstName} {agent.lastName} gets an email at {agent.email} with a code to choose a new password, as
          their own “Forgot password” sends. Their current password works until they use it.
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
        <Button variant="contained" onClick={() => void confirm()} loading={busy}>
          Send reset code
        </Button>
      </DialogActions>
    </Dialog>
  );
}
