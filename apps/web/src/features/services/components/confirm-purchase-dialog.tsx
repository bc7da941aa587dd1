import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import { Link as RouterLink } from 'react-router';
import { formatNaira } from '../../../lib/money';
import { balanceAfter, canAfford, koboToNaira, toKobo } from '../lib/amount-rules';
import { SummaryList, type SummaryLine } from './summary-list';

/** The fund-wallet screen, where an agent short of balance goes instead of paying. */
export const FUND_WALLET_PATH = '/wallet/fund';

/**
 * The last look before money moves: what is bought, its face value, what the agent pays and
 * what is left. When the balance is short, the dialog says by how much and offers Fund wallet
 * instead of Pay (never a negative "balance after"); the server still decides on every Pay.
 */
export function ConfirmPurchaseDialog({
  lines,
  faceValue,
  price,
  balance,
  paying,
  retry,
  onPay,
  onClose,
}: {
  lines: readonly SummaryLine[];
  faceValue: string;
  price: string;
  balance: string | null;
  paying: boolean;
  /** The last try failed in transit: paying again repeats the same purchase (same requestId). */
  retry: boolean;
  onPay: () => void;
  onClose: () => void;
}) {
  const short = balance !== null && !canAfford(balance, price);
  return (
    <Dialog open onClose={paying ? undefined : onClose} aria-labelledby="confirm-purchase-title">
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
            Your balance of {formatNaira(balance)} is short of {formatNaira(price)} for this purchase. Fund your wallet
            with at least {formatNaira(koboToNaira((toKobo(price) ?? 0) - (toKobo(balance) ?? 0)))} to pay.
          </Alert>
        )}
        {retry && (
          <Alert severity="info" sx={{ mt: 2 }}>
            We could not confirm the last try. Trying again is safe: you will not be charged twice.
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3 }}>
        <Button onClick={onClose} disabled={paying}>
          Cancel
        </Button>
        {short && !retry ? (
          <Button variant="contained" component={RouterLink} to={FUND_WALLET_PATH}>
            Fund wallet
          </Button>
        ) : (
          <Button variant="contained" onClick={onPay} loading={paying}>
            {retry ? 'Try again' : `Pay ${formatNaira(price)}`}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
