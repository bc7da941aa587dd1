import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TTransaction } from '@agentdesk/contract/transactions/transaction';
import { formatDateTime } from '../../../components/date-time';
import { StatusChip } from '../../../components/status-chip';
import { formatNaira } from '../../../lib/money';

/** The newest wallet movements, each with its receipt, and the way to the whole history. */
export function RecentTransactions({ transactions }: { transactions: readonly TTransaction[] }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="recent-title" sx={{ p: 2.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id="recent-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Recent transactions
        </Typography>
        <Button component={RouterLink} to="/user/transactions" size="small">
          View all
        </Button>
      </Stack>
      {transactions.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nothing yet: your fundings and sales will be listed here.
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Recent transactions">
          {transactions.map((transaction) => {
            const credit = transaction.direction === 'credit';
            return (
              <Box
                component="li"
                key={transaction.id}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1.5,
                  py: 1.25,
                  borderBottom: 1,
                  borderColor: 'divider',
                  '&:last-of-type': { borderBottom: 0 },
                }}
              >
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{transaction.name}</Typography>
                  <Typography variant="caption" color="text.secondary" component="p">
                    {transaction.recipient ? `${transaction.recipient} · ` : ''}
                    {formatDateTime(transaction.createdAt)}
                  </Typography>
                </Box>
                <Stack spacing={0.5} sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
                  <Typography
                    component="span"
                    sx={{ fontWeight: 600, whiteSpace: 'nowrap', color: credit ? 'success.dark' : 'text.primary' }}
                  >
                    {`${credit ? '+' : '−'}${formatNaira(transaction.amount)}`}
                  </Typography>
                  <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
                    <StatusChip status={transaction.status} />
                    <Link
                      component={RouterLink}
                      to={`/user/transactions/${encodeURIComponent(transaction.id)}/receipt`}
                      variant="body2"
                      aria-label={`Receipt of ${transaction.name}, ${transaction.ref}`}
                    >
                      Receipt
                    </Link>
                  </Stack>
                </Stack>
              </Box>
            );
          })}
        </Box>
      )}
    </Paper>
  );
}
