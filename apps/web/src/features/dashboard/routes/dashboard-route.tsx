import { useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { formatNaira } from '../../../lib/money';
import { selectUser } from '../../../lib/session/auth-slice';
import { selectAvailableBalance } from '../../wallet/wallet-slice';

export function DashboardRoute() {
  const user = useSelector(selectUser);
  const balance = useSelector(selectAvailableBalance);
  return (
    <>
      <PageHeader title="Dashboard" subtitle={user ? `Welcome back, ${user.firstName}` : undefined} />
      <Stack spacing={3}>
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
        <EmptyState title="No sales yet">
          Funding your wallet and buying services open in the next release. Your sales and commissions will be
          summarised here.
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'center', mt: 2, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/user/transactions">
              View transactions
            </Button>
            <Button component={RouterLink} to="/user/profile">
              View profile
            </Button>
          </Stack>
        </EmptyState>
      </Stack>
    </>
  );
}
