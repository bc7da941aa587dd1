import { useRef, useState, type FormEvent } from 'react';
import { adjustAgentWallet, type TAgentDetail } from '@agentdesk/contract/admin/agents';
import { displayNaira, parseNairaToKobo } from '@agentdesk/contract/money';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import { TextInput } from '../../components/text-input';
import { useFormFields } from '../../lib/forms/use-form-fields';
import { validate } from '../../lib/forms/validate';
import { classifyError, errorMessage, fieldErrors } from '../../lib/http/error-message';
import { formatNaira } from '../../lib/money';
import { useAdjustWalletMutation } from '../api/agents';
import { newIdempotencyKey } from './idempotency-key';
import type { ActionOutcome } from '../shared/outcome-alert';
import { refusalText } from './outcome';

const ZAdjustBody = adjustAgentWallet.body!;

/**
 * A credit or debit of the agent's wallet with a reason, in two steps: the form (the amount in
 * naira as typed, sent as the naira string the API takes), then a confirmation that says what
 * will move. Sent once with one idempotency key per adjustment, kept across a retry after a
 * lost answer, so the server never posts it twice. The server refuses a debit beyond the
 * balance (said in its words) and holds an amount above the approval threshold for a second
 * operator (said as such).
 */
export function AdjustDialog({
  agent,
  direction,
  onClose,
  onDone,
}: {
  agent: TAgentDetail;
  direction: 'credit' | 'debit';
  onClose: () => void;
  onDone: (outcome: ActionOutcome) => void;
}) {
  const [adjust] = useAdjustWalletMutation();
  const { values, field, setErrors } = useFormFields({ amount: '', reason: '' });
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const key = useRef(newIdempotencyKey());
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const who = `${agent.firstName} ${agent.lastName} (${agent.username})`;
  const credit = direction === 'credit';
  const word = credit ? 'Credit' : 'Debit';
  const amountKobo = parseNairaToKobo(values.amount) ?? 0n;
  const balanceKobo = parseNairaToKobo(agent.balance) ?? 0n;
  const after = credit ? balanceKobo + amountKobo : balanceKobo - amountKobo;

  function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(ZAdjustBody, { ...values, direction, idempotencyKey: key.current });
    if (!checked.success) {
      setErrors(checked.errors);
      return;
    }
    setFailure(null);
    setStep('confirm');
  }

  async function confirm() {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await adjust({
        id: agent.id,
        body: { direction, amount: values.amount.trim(), reason: values.reason.trim(), idempotencyKey: key.current },
      }).unwrap();
      const made = answer.data;
      const amount = formatNaira(made.amount);
      if (made.status === 'pending') {
        onDone({
          severity: 'info',
          text: `Waiting for approval: the ${made.direction} of ${amount} is above the approval threshold, so another operator must approve it. Nothing has moved yet.`,
        });
      } else if (made.status === 'posted') {
        onDone({
          severity: 'success',
          text: `${made.direction === 'credit' ? 'Credited' : 'Debited'} ${amount} ${made.direction === 'credit' ? 'to' : 'from'} ${who}. The balance is now ${formatNaira(made.balanceAfter ?? agent.balance)}.`,
        });
      } else {
        onDone({ severity: 'info', text: `${answer.message}. This adjustment was rejected.` });
      }
    } catch (error) {
      const kind = classifyError(error);
      // A refusal is final: the next attempt is a new adjustment. A lost answer keeps the key,
      // so trying again cannot post it twice.
      if (kind === 'client') key.current = newIdempotencyKey();
      const fields = fieldErrors(error);
      setErrors(fields ?? {});
      setFailure(kind === 'client' ? refusalText(error, errorMessage(error)) : errorMessage(error));
      setStep(kind === 'client' ? 'form' : 'confirm');
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="adjust-title"
      aria-describedby="adjust-text"
      slotProps={{ paper: { sx: { width: 480, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      {step === 'form' ? (
        <form noValidate onSubmit={review}>
          <DialogTitle id="adjust-title">
            {word} {agent.firstName} {agent.lastName}’s wallet
          </DialogTitle>
          <DialogContent>
            <DialogContentText id="adjust-text" sx={{ mb: 1 }}>
              The wallet holds {formatNaira(agent.balance)}. {credit ? 'A credit adds to it' : 'A debit takes from it'},
              recorded as an adjustment with your reason. Large amounts wait for a second operator’s approval.
            </DialogContentText>
            <TextInput
              {...field('amount')}
              label="Amount in naira"
              required
              autoFocus
              inputMode="decimal"
              autoComplete="off"
              endAdornment={<InputAdornment position="end">₦</InputAdornment>}
            />
            <TextInput {...field('reason')} label="Reason" required maxLength={300} autoComplete="off" />
            {failure && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {failure}
              </Alert>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 3 }}>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained" color="primary">
              Review {word.toLowerCase()}
            </Button>
          </DialogActions>
        </form>
      ) : (
        <>
          <DialogTitle id="adjust-title">
            {word} {displayNaira(amountKobo)}?
          </DialogTitle>
          <DialogContent>
            <DialogContentText id="adjust-text">
              {credit
                ? `${displayNaira(amountKobo)} will be added to`
                : `${displayNaira(amountKobo)} will be taken from`}{' '}
              {who}’s wallet, for “{values.reason.trim()}”.{' '}
              {after >= 0n
                ? `The balance goes from ${displayNaira(balanceKobo)} to ${displayNaira(after)}, unless it needs a second operator’s approval.`
                : `The wallet holds ${displayNaira(balanceKobo)}.`}
            </DialogContentText>
            {failure && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {failure} Nothing is posted twice if you try again.
              </Alert>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 3 }}>
            {/* The focus is on Back, not on the money: Enter held down or a double click on Review moves nothing. */}
            <Button onClick={() => setStep('form')} disabled={busy} autoFocus>
              Back
            </Button>
            <Button variant="contained" color="primary" onClick={() => void confirm()} loading={busy}>
              {word} {displayNaira(amountKobo)}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
