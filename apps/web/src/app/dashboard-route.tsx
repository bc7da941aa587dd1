import { useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { selectUser } from '../lib/session/auth-slice';
import { WalletBalanceCard } from '../features/wallet/components/wallet-balance-card';

/** Dashboard home: composed here from the features it summarises (wallet now, sales later). */
export function DashboardRoute() {
  const user = useSelector(selectUser);
  return (
    <>
      <PageHeader title="Dashboard" subtitle={user ? `Welcome back, ${user.firstName}` : undefined} />
      <Stack spacing={3}>
        <WalletBalanceCard />
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
