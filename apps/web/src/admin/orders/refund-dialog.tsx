import { useRef, useState, type FormEvent } from 'react';
import { refundOrder } from '@agentdesk/contract/admin/orders';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import { TextInput } from '../../components/text-input';
import { useFormFields } from '../../lib/forms/use-form-fields';
import { validate } from '../../lib/forms/validate';
import { errorMessage, fieldErrors } from '../../lib/http/error-message';
import { formatNaira } from '../../lib/money';
import { useRefundOrderMutation, type TOrderPage } from '../api/orders';

const ZRefundBody = refundOrder.body!;

/** The server's 409: the upstream's answer was not definitive (or a pay may be in flight). */
const isRefused = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 409;

/**
 * Refund with a reason. The server asks the upstream first: a definitive failure refunds, a
 * delivery delivers the order instead, any other answer is refused in words; only then may the
 * operator refund anyway (force), having read that answer.
 */
export function RefundDialog({
  order,
  onClose,
  onDone,
}: {
  order: TOrderPage['order'];
  onClose: () => void;
  onDone: (outcome: { severity: 'success' | 'info'; text: string }) => void;
}) {
  const [refund] = useRefundOrderMutation();
  const { values, field, setErrors } = useFormFields({ reason: '' });
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [force, setForce] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const checked = validate(ZRefundBody, { ...values, force });
    if (!checked.success) {
      setErrors(checked.errors);
      return;
    }
    inFlight.current = true;
    setBusy(true);
    try {
      const answer = await refund({ id: order.id, reason: checked.data.reason, force: checked.data.force }).unwrap();
      onDone({ severity: answer.data.outcome === 'delivered' ? 'info' : 'success', text: answer.message });
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields?.reason) setErrors({ reason: fields.reason });
      else setRefusal(isRefused(error) ? errorMessage(error) : `Not refunded. ${errorMessage(error)}`);
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="refund-title" aria-describedby="refund-text">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="refund-title">Refund this order?</DialogTitle>
        <DialogContent>
          <DialogContentText id="refund-text" sx={{ mb: 1 }}>
            The upstream is asked first. If it says the order failed, {formatNaira(order.price)} goes back to{' '}
            {order.username}&apos;s wallet; if it says it delivered, nothing is refunded and the order is marked
            delivered.
          </DialogContentText>
          <TextInput {...field('reason')} label="Reason" required autoFocus maxLength={300} disabled={busy} />
          {refusal && (
            <Alert severity="warning" role="alert" sx={{ mt: 1 }}>
              {refusal}
            </Alert>
          )}
          {refusal && (
            <FormControlLabel
              sx={{ mt: 1 }}
              control={<Checkbox checked={force} onChange={(event) => setForce(event.target.checked)} />}
              label="Refund anyway: I have checked with the upstream (your reason and its answer are recorded)"
            />
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" loading={busy}>
            {force ? 'Refund anyway' : 'Ask the upstream and refund'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
