import { useRef, useState, type FormEvent } from 'react';
import { suspendAgent, type TAgentDetail } from '@agentdesk/contract/admin/agents';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { TextInput } from '../../components/text-input';
import { useFormFields } from '../../lib/forms/use-form-fields';
import { validate } from '../../lib/forms/validate';
import { errorMessage, fieldErrors } from '../../lib/http/error-message';
import { useSetAgentStatusMutation } from '../api/agents';
import type { Outcome } from './outcome';

/** Suspend and reactivate take the same body: a reason, kept with the audit log. */
const ZReasonBody = suspendAgent.body!;

/**
 * Suspending signs the agent out at once and stops their sign-in, API keys and purchases;
 * reactivating restores them. Either needs a reason and is sent once; the page shows the new
 * state from the server's answer.
 */
export function StatusDialog({
  agent,
  action,
  onClose,
  onDone,
}: {
  agent: TAgentDetail;
  action: 'suspend' | 'reactivate';
  onClose: () => void;
  onDone: (outcome: Outcome) => void;
}) {
  const [setStatus] = useSetAgentStatusMutation();
  const { values, field, setErrors } = useFormFields({ reason: '' });
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const who = `${agent.firstName} ${agent.lastName} (${agent.username})`;
  const suspend = action === 'suspend';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const checked = validate(ZReasonBody, values);
    if (!checked.success) {
      setErrors(checked.errors);
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await setStatus({ id: agent.id, action, reason: checked.data.reason }).unwrap();
      onDone({ severity: suspend ? 'warning' : 'success', text: `${who}: ${answer.message}.` });
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields?.reason) setErrors({ reason: fields.reason });
      else setFailure(errorMessage(error));
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="agent-status-title"
      aria-describedby="agent-status-text"
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="agent-status-title">{suspend ? `Suspend ${who}?` : `Reactivate ${who}?`}</DialogTitle>
        <DialogContent>
          <DialogContentText id="agent-status-text" sx={{ mb: 1 }}>
            {suspend
              ? 'They are signed out at once and can no longer sign in, use their API keys or buy until you reactivate them. Their wallet stays as it is.'
              : 'They can sign in, use their API keys and buy again.'}
          </DialogContentText>
          <TextInput {...field('reason')} label="Reason" required autoFocus maxLength={300} disabled={busy} />
          {failure && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color={suspend ? 'error' : 'success'} loading={busy}>
            {suspend ? 'Suspend agent' : 'Reactivate agent'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
