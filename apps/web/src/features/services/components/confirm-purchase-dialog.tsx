import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { TPinStatus } from '@agentdesk/contract/auth/transaction-pin';
import { isWholePin, PinField } from '../../../components/pin-field';
import { formatNaira } from '../../../lib/money';
import { balanceAfter, canAfford, koboToNaira, toKobo } from '../lib/amount-rules';
import { SummaryList, type SummaryLine } from './summary-list';

/** The fund-wallet screen, where an agent short of balance goes instead of paying. */
export const FUND_WALLET_PATH = '/wallet/fund';
/** Where the PIN is changed or reset. */
export const PROFILE_PIN_PATH = '/user/profile#transaction-pin';

/** What the agent typed to pay: the PIN, and whether it is the first one they chose just now. */
export interface PinEntry {
  pin: string;
  choosing: boolean;
}

export const PIN_MESSAGES = {
  enter: 'Enter your 4-digit PIN',
  choose: 'Choose 4 digits',
  mismatch: 'The two PINs are not the same',
} as const;

/**
 * The last look before money moves: what is bought, its face value, what the agent pays and
 * what is left, and the transaction PIN (docs/decisions/043) that the server checks on every
 * Pay; an agent without one chooses it here, on their first purchase. When the balance is
 * short, the dialog says by how much and offers Fund wallet instead of Pay (never a negative
 * "balance after"); the server still decides on every Pay.
 */
export function ConfirmPurchaseDialog({
  lines,
  faceValue,
  price,
  balance,
  pinStatus,
  pinError,
  paying,
  retry,
  onPay,
  onClose,
}: {
  lines: readonly SummaryLine[];
  faceValue: string;
  price: string;
  balance: string | null;
  /** Null while it is being asked. */
  pinStatus: TPinStatus | null;
  /** The server's refusal of the last PIN (wrong, or purchases paused). */
  pinError: string | null;
  paying: boolean;
  /** The last try failed in transit: paying again repeats the same purchase (same requestId). */
  retry: boolean;
  onPay: (entry: PinEntry) => void;
  onClose: () => void;
}) {
  const [pin, setPin] = useState('');
  const [confirmPin, setConfirmPin] = useState('');
  const [errors, setErrors] = useState<{ pin?: string; confirmPin?: string }>({});
  const short = balance !== null && !canAfford(balance, price);
  const choosing = pinStatus !== null && !pinStatus.isSet;
  const offerPay = !short || retry;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!offerPay || pinStatus === null) return;
    if (!isWholePin(pin)) {
      setErrors({ pin: choosing ? PIN_MESSAGES.choose : PIN_MESSAGES.enter });
      return;
    }
    if (choosing && confirmPin !== pin) {
      setErrors({ confirmPin: PIN_MESSAGES.mismatch });
      return;
    }
    setErrors({});
    onPay({ pin, choosing });
  }

  // A refused PIN is cleared, so the next one is typed afresh.
  const [shownError, setShownError] = useState<string | null>(null);
  if (pinError !== shownError) {
    setShownError(pinError);
    if (pinError) setPin('');
  }

  return (
    <Dialog open onClose={paying ? undefined : onClose} aria-labelledby="confirm-purchase-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="confirm-purchase-title">Confirm purchase</DialogTitle>
        <DialogContent>
          <SummaryList lines={lines} />
          <Divider sx={{ my: 1.5 }} />
          <SummaryList
            lines={[
              ['Face value', formatNaira(faceValue)],
              ['Your price', formatNaira(price)],
              ...(short
                ? []
                : [['Balance after', balance === null ? '…' : formatNaira(balanceAfter(balance, price))] as const]),
            ]}
          />
          {short && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              Your balance of {formatNaira(balance)} is short of {formatNaira(price)} for this purchase. Fund your
              wallet with at least {formatNaira(koboToNaira((toKobo(price) ?? 0) - (toKobo(balance) ?? 0)))} to pay.
            </Alert>
          )}
          {retry && (
            <Alert severity="info" sx={{ mt: 2 }}>
              We could not confirm the last try. Trying again is safe: you will not be charged twice.
            </Alert>
          )}
          {offerPay && pinStatus === null && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} role="status">
              Loading your PIN settings…
            </Typography>
          )}
          {offerPay && choosing && (
            <>
              <Typography variant="body2" sx={{ mt: 2 }}>
                Choose a 4-digit transaction PIN. You will enter it to confirm every purchase.
              </Typography>
              <PinField
                label="New PIN"
                name="pin"
                value={pin}
                onChange={setPin}
                error={errors.pin ?? pinError ?? undefined}
                autoFocus
              />
              <PinField
                label="Confirm new PIN"
                name="confirmPin"
                value={confirmPin}
                onChange={setConfirmPin}
                error={errors.confirmPin}
              />
            </>
          )}
          {offerPay && pinStatus?.isSet && (
            <>
              {/* Mounted again on each refusal, so that focus returns to it for the next try. */}
              <PinField
                key={shownError ?? ''}
                label="Transaction PIN"
                name="pin"
                value={pin}
                onChange={setPin}
                error={errors.pin ?? pinError ?? undefined}
                autoFocus
              />
              <Link component={RouterLink} to={PROFILE_PIN_PATH} variant="body2">
                Forgot your PIN?
              </Link>
            </>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button onClick={onClose} disabled={paying}>
            Cancel
          </Button>
          {offerPay ? (
            <Button type="submit" variant="contained" loading={paying} disabled={pinStatus === null}>
              {retry ? 'Try again' : `Pay ${formatNaira(price)}`}
            </Button>
          ) : (
            <Button variant="contained" component={RouterLink} to={FUND_WALLET_PATH}>
              Fund wallet
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
