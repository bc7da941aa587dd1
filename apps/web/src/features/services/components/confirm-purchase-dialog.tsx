import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import { formatNaira } from '../../../lib/money';
import { balanceAfter, canAfford } from '../lib/amount-rules';
import { SummaryList, type SummaryLine } from './summary-list';

/**
 * The last look before money moves: what is bought, its face value, what the agent pays and
 * what is left. A short balance is warned about but not blocked: the balance on screen may be
 * stale (a funding approved since), so the server decides.
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
            ['Balance after', balance === null ? '…' : formatNaira(balanceAfter(balance, price))],
          ]}
        />
        {short && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            Your balance looks too low for this purchase. Fund your wallet first.
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
        <Button variant="contained" onClick={onPay} loading={paying}>
          {retry ? 'Try again' : `Pay ${formatNaira(price)}`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
