import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { errorMessage } from '../../lib/http/error-message';
import { formatNaira } from '../../lib/money';
import { useApproveFundingMutation, type TQueuedFundingRequest } from '../api/funding-queue';
import type { ActionOutcome } from '../shared/outcome-alert';
import { isAlreadyDecided } from '../shared/reason-dialog';

/**
 * Approving credits the agent's wallet, so it is confirmed first and sent exactly once: the
 * button is disabled from the first click until the server answers (a double click sends
 * one request). The server credits once whatever happens; when it answers that the report was
 * already decided (409), that is said plainly and nothing else is done.
 */
export function ApproveDialog({
  request,
  onClose,
  onDone,
}: {
  request: TQueuedFundingRequest;
  onClose: () => void;
  onDone: (outcome: ActionOutcome) => void;
}) {
  const [approve] = useApproveFundingMutation();
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const agent = `${request.agent.firstName} ${request.agent.lastName} (${request.agent.username})`;

  async function confirm() {
    // A second click before React has re-rendered the disabled button still finds this set.
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await approve(request.id).unwrap();
      onDone({
        severity: 'success',
        text: `Approved: ${formatNaira(answer.data.creditAmount)} credited to ${agent}.`,
      });
    } catch (error) {
      if (isAlreadyDecided(error)) {
        onDone({ severity: 'info', text: `${errorMessage(error)}. Nothing was credited this time.` });
        return;
      }
      setFailure(errorMessage(error));
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="approve-funding-title"
      aria-describedby="approve-funding-text"
    >
      <DialogTitle id="approve-funding-title">Approve this transfer?</DialogTitle>
      <DialogContent>
        <DialogContentText id="approve-funding-text">
          {formatNaira(request.creditAmount)} will be credited to {agent}
          {Number(request.charge) > 0
            ? ` (${formatNaira(request.amount)} reported, less the ${formatNaira(request.charge)} charge)`
            : ''}
          . Approve only once {formatNaira(request.amount)} with reference {request.reference} is in{' '}
          {request.account.bankName} {request.account.accountNumber}.
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
        <Button variant="contained" color="success" onClick={() => void confirm()} loading={busy}>
          Approve and credit
        </Button>
      </DialogActions>
    </Dialog>
  );
}
