import { useSelector } from 'react-redux';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import { formatNaira } from '../../../lib/money';
import { selectAvailableBalance } from '../wallet-slice';

/** The wallet balance in naira ("0.00" until the balance call arrives in a later step). */
export function WalletBalanceCard() {
  const balance = useSelector(selectAvailableBalance);
  return (
    <Paper
      sx={{ p: 3, color: 'primary.contrastText', bgcolor: 'primary.dark', maxWidth: 420 }}
      aria-labelledby="wallet-balance-label"
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <AccountBalanceWallet fontSize="large" aria-hidden="true" />
        <div>
          <Typography id="wallet-balance-label" variant="body2">
            Wallet balance
          </Typography>
          <Typography variant="h4" component="p" sx={{ fontWeight: 600 }}>
            {formatNaira(balance)}
          </Typography>
        </div>
      </Stack>
    </Paper>
  );
}
