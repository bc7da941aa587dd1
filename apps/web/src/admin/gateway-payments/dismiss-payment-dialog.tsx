import { useRef, useState, type FormEvent } from 'react';
import { dismissGatewayPayment } from '@agentdesk/contract/admin/funding';
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
import { useDismissGatewayPaymentMutation, type TGatewayPayment } from '../api/gateway-payments';
import { isAlreadyDecided, type DecisionOutcome } from '../funding/decision-outcome';

const ZDismissBody = dismissGatewayPayment.body!;

/** Setting a payment aside (it was no agent's: refunded outside AgentDesk), with the reason. */
export function DismissPaymentDialog({
  payment,
  onClose,
  onDone,
}: {
  payment: TGatewayPayment;
  onClose: () => void;
  onDone: (outcome: DecisionOutcome) => void;
}) {
  const [dismiss] = useDismissGatewayPaymentMutation();
  const { values, field, setErrors } = useFormFields({ reason: '' });
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const checked = validate(ZDismissBody, values);
    if (!checked.success) {
      setErrors(checked.errors);
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setFailure(null);
    try {
      await dismiss({ id: payment.id, reason: checked.data.reason }).unwrap();
      onDone({
        severity: 'success',
        text: `Set aside: ${formatNaira(payment.amount)}, reference ${payment.reference}. No wallet was credited.`,
      });
    } catch (error) {
      if (isAlreadyDecided(error)) {
        onDone({ severity: 'info', text: `${errorMessage(error)}. It was not set aside.` });
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
      aria-labelledby="dismiss-payment-title"
      aria-describedby="dismiss-payment-text"
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="dismiss-payment-title">Set this payment aside?</DialogTitle>
        <DialogContent>
          <DialogContentText id="dismiss-payment-text" sx={{ mb: 1 }}>
            {formatNaira(payment.amount)}, reference {payment.reference}, is credited to nobody: do this only when it is
            no agent’s money (you refunded it outside AgentDesk).
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
            Set aside
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
