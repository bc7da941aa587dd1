import { useRef, useState, type FormEvent } from 'react';
import { rejectAdjustment, type TAgentDetail, type TWalletAdjustment } from '@agentdesk/contract/admin/agents';
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
import { classifyError, errorMessage, fieldErrors } from '../../lib/http/error-message';
import { formatNaira } from '../../lib/money';
import { useDecideAdjustmentMutation } from '../api/agents';
import type { ActionOutcome } from '../shared/outcome-alert';
import { refusalText } from './outcome';

const ZRejectBody = rejectAdjustment.body!;

/**
 * A second operator's decision on an adjustment waiting for approval: approving posts it (money
 * moves, so it is confirmed and sent once), rejecting needs a reason. The server refuses the
 * requester deciding their own and a decision already taken; both are said in its words.
 */
export function DecideAdjustmentDialog({
  agent,
  adjustment,
  decision,
  onClose,
  onDone,
}: {
  agent: TAgentDetail;
  adjustment: TWalletAdjustment;
  decision: 'approve' | 'reject';
  onClose: () => void;
  onDone: (outcome: ActionOutcome) => void;
}) {
  const [decide] = useDecideAdjustmentMutation();
  const { values, field, setErrors } = useFormFields({ reason: '' });
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const approve = decision === 'approve';
  const amount = formatNaira(adjustment.amount);
  const what = `the ${adjustment.direction} of ${amount} ${adjustment.direction === 'credit' ? 'to' : 'from'} ${agent.firstName} ${agent.lastName}’s wallet`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    let reason = '';
    if (!approve) {
      const checked = validate(ZRejectBody, values);
      if (!checked.success) {
        setErrors(checked.errors);
        return;
      }
      reason = checked.data.reason;
    }
    inFlight.current = true;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await decide(
        approve
          ? { id: agent.id, adjustmentId: adjustment.id, decision: 'approve' }
          : { id: agent.id, adjustmentId: adjustment.id, decision: 'reject', reason },
      ).unwrap();
      onDone(
        approve
          ? {
              severity: 'success',
              text: `Approved: ${what} is posted. The balance is now ${formatNaira(answer.data.balanceAfter ?? agent.balance)}.`,
            }
          : { severity: 'success', text: `Rejected: ${what} was not posted.` },
      );
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      // Decided meanwhile by another operator: the list shows how it stands now.
      if (status === 409) {
        onDone({ severity: 'info', text: `${refusalText(error, errorMessage(error))}. Nothing else was done.` });
        return;
      }
      const fields = fieldErrors(error);
      if (fields?.reason) setErrors({ reason: fields.reason });
      else
        setFailure(classifyError(error) === 'client' ? refusalText(error, errorMessage(error)) : errorMessage(error));
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="decide-adjustment-title"
      aria-describedby="decide-adjustment-text"
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="decide-adjustment-title">
          {approve ? 'Approve this adjustment?' : 'Reject this adjustment?'}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="decide-adjustment-text" sx={{ mb: 1 }}>
            {approve
              ? `Approving posts ${what} now. ${adjustment.requestedBy.username} asked for it: “${adjustment.reason}”.`
              : `Nothing is posted: ${what} is dropped. ${adjustment.requestedBy.username} asked for it: “${adjustment.reason}”.`}
          </DialogContentText>
          {!approve && (
            <TextInput {...field('reason')} label="Reason" required autoFocus maxLength={300} disabled={busy} />
          )}
          {failure && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button onClick={onClose} disabled={busy} autoFocus={approve}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color={approve ? 'success' : 'error'} loading={busy}>
            {approve ? `Approve and post ${amount}` : 'Reject adjustment'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
