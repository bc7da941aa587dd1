import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import { formatNaira } from '../../../lib/money';
import { useWalletBalanceQuery } from '../../../lib/wallet/wallet-balance-api';
import { availableBalanceSet, selectAvailableBalance } from '../wallet-slice';

/**
 * The wallet balance in naira. The query is the source; the spec's wallet state
 * (`availableBalance`) follows it, so anything reading the slice sees the same figure.
 */
export function WalletBalanceCard() {
  const dispatch = useDispatch();
  const { data, isError, isFetching, refetch } = useWalletBalanceQuery();
  const loaded = data?.data.availableBalance;
  useEffect(() => {
    if (loaded !== undefined) dispatch(availableBalanceSet(loaded));
  }, [dispatch, loaded]);
  const balance = useSelector(selectAvailableBalance);

  return (
    <Paper
      sx={{ p: 3, color: 'primary.contrastText', bgcolor: 'primary.dark', maxWidth: 420 }}
      aria-labelledby="wallet-balance-label"
      aria-busy={isFetching}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <AccountBalanceWallet fontSize="large" aria-hidden="true" />
        <div>
          <Typography id="wallet-balance-label" variant="body2">
            Wallet balance
          </Typography>
          {/* Filled in from an early answer on the prerendered home (decision 049). */}
          <Typography variant="h4" component="p" sx={{ fontWeight: 600 }} data-early="balance">
            {loaded === undefined && !isError ? 'Loading…' : formatNaira(balance)}
          </Typography>
          {isError && (
            <Typography variant="body2">
              Could not refresh the balance.{' '}
              <Button size="small" color="inherit" onClick={() => void refetch()} sx={{ textDecoration: 'underline' }}>
                Try again
              </Button>
            </Typography>
          )}
        </div>
      </Stack>
      <Button
        component={RouterLink}
        to="/wallet/fund"
        variant="contained"
        sx={{ mt: 2, bgcolor: 'common.white', color: 'primary.dark', '&:hover': { bgcolor: 'grey.100' } }}
      >
        Fund wallet
      </Button>
    </Paper>
  );
}
