import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../../components/page-header';
import { useWalletBalanceQuery } from '../../../lib/wallet/wallet-balance-api';
import { formatNaira } from '../../../lib/money';

/** The wallet balance the purchase is paid from, or null until it has loaded. */
export function useBalance(): string | null {
  const { data } = useWalletBalanceQuery();
  return data?.data.availableBalance ?? null;
}

/** A purchase screen: its title, the balance it spends, and the form or the result. */
export function ServiceScreen({ title, children }: { title: string; children: ReactNode }) {
  const balance = useBalance();
  return (
    <>
      <PageHeader
        title={title}
        action={
          <Typography variant="body2" component="p" aria-live="polite">
            Balance: <strong>{balance === null ? '…' : formatNaira(balance)}</strong>
          </Typography>
        }
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}>
        {children}
      </Paper>
    </>
  );
}
