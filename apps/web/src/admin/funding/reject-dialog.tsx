import { useRef, useState, type FormEvent } from 'react';
import { rejectFundingRequest } from '@agentdesk/contract/admin/funding';
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
import { formatNaira } from '../../lib/money';
import { useRejectFundingMutation, type TQueuedFundingRequest } from '../api/funding-queue';
import { isAlreadyDecided, type DecisionOutcome } from './decision-outcome';

/** The reject call's body schema from the contract: the form checks what the server will. */
const ZRejectBody = rejectFundingRequest.body!;

/** Rejecting needs a reason (the agent reads it with the refused report); sent once, like approving. */
export function RejectDialog({
  request,
  onClose,
  onDone,
}: {
  request: TQueuedFundingRequest;
  onClose: () => void;
  onDone: (outcome: DecisionOutcome) => void;
}) {
  const [reject] = useRejectFundingMutation();
  const { values, field, setErrors } = useFormFields({ reason: '' });
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const agent = `${request.agent.firstName} ${request.agent.lastName} (${request.agent.username})`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const checked = validate(ZRejectBody, values);
    if (!checked.success) {
      setErrors(checked.errors);
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setFailure(null);
    try {
      await reject({ id: request.id, reason: checked.data.reason }).unwrap();
      onDone({
        severity: 'success',
        text: `Rejected: ${formatNaira(request.amount)} from ${agent}, reference ${request.reference}. The agent sees your reason.`,
      });
    } catch (error) {
      if (isAlreadyDecided(error)) {
        onDone({ severity: 'info', text: `${errorMessage(error)}. It was not rejected.` });
        return;
      }
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
      aria-labelledby="reject-funding-title"
      aria-describedby="reject-funding-text"
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="reject-funding-title">Reject this transfer?</DialogTitle>
        <DialogContent>
          <DialogContentText id="reject-funding-text" sx={{ mb: 1 }}>
            Nothing is credited to {agent} for {formatNaira(request.amount)}, reference {request.reference}. They see
            your reason with their report.
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
          <Button type="submit" variant="contained" color="error" loading={busy}>
            Reject transfer
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
