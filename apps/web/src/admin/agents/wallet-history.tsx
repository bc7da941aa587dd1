import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DateTime } from '../../components/date-time';
import { LoadMore } from '../../components/load-more';
import { StatusChip } from '../../components/status-chip';
import { errorMessage } from '../../lib/http/error-message';
import { formatNaira } from '../../lib/money';
import { useAgentTransactionsInfiniteQuery, type HistoryFilter } from '../api/agents';
import { ScreenLoading } from '../layout/screen-loading';

const TYPES: ReadonlyArray<readonly [HistoryFilter['type'], string]> = [
  ['', 'All'],
  ['purchase', 'Orders'],
  ['funding', 'Fundings'],
  ['refund', 'Refunds'],
  ['adjustment', 'Adjustments'],
];

const EMPTY: Record<HistoryFilter['type'], string> = {
  '': 'No movement yet: fundings, orders, refunds and adjustments appear here.',
  purchase: 'No order yet.',
  funding: 'No funding yet.',
  refund: 'No refund yet.',
  adjustment: 'No adjustment posted yet.',
};

/**
 * The wallet's history, newest first, by cursor from the server, one kind at a time (orders
 * are the purchases, fundings the credits from transfers and payments), each movement with
 * its status and the balance after it.
 */
export function WalletHistory({ agentId }: { agentId: string }) {
  const [type, setType] = useState<HistoryFilter['type']>('');
  const history = useAgentTransactionsInfiniteQuery({ id: agentId, type }, { refetchOnMountOrArgChange: true });
  const rows = history.data?.pages.flatMap((page) => page.data) ?? [];

  let body;
  if (history.isLoading || (history.isFetching && rows.length === 0 && !history.isError))
    body = <ScreenLoading label="Loading the wallet’s history…" />;
  else if (history.isError && rows.length === 0)
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void history.refetch()}>
            Try again
          </Button>
        }
      >
        Could not load the wallet’s history. {errorMessage(history.error)}
      </Alert>
    );
  else if (rows.length === 0)
    body = (
      <Typography variant="body2" color="text.secondary">
        {EMPTY[type]}
      </Typography>
    );
  else
    body = (
      <>
        <Box component="ul" aria-label="Wallet history" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((movement) => (
            <Box
              component="li"
              key={movement.id}
              sx={{ py: 1, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
            >
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {movement.name}
                </Typography>
                <Typography
                  variant="body2"
                  sx={{
                    fontWeight: 600,
                    whiteSpace: 'nowrap',
                    color: movement.direction === 'credit' ? 'success.dark' : 'text.primary',
                  }}
                >
                  {movement.direction === 'credit' ? '+' : '−'}
                  {formatNaira(movement.amount)}
                </Typography>
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {movement.description} · {movement.ref}
              </Typography>
              <Stack
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', flexWrap: 'wrap', color: 'text.secondary', typography: 'body2' }}
              >
                <StatusChip status={movement.status} />
                <DateTime value={movement.createdAt} />
                <span>balance after {formatNaira(movement.details.balance.after)}</span>
              </Stack>
            </Box>
          ))}
        </Box>
        <LoadMore
          hasMore={history.hasNextPage}
          loading={history.isFetchingNextPage}
          onLoadMore={() => void history.fetchNextPage()}
          label="Load more movements"
        />
      </>
    );

  return (
    <>
      <Stack
        direction="row"
        role="group"
        aria-labelledby="wallet-history-title"
        sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', my: 1 }}
      >
        <Typography id="wallet-history-title" component="h3" variant="subtitle1" sx={{ fontWeight: 600, mr: 1 }}>
          History
        </Typography>
        {TYPES.map(([value, label]) => {
          const pressed = type === value;
          return (
            <Chip
              key={label}
              label={label}
              clickable
              size="small"
              color={pressed ? 'primary' : 'default'}
              variant={pressed ? 'filled' : 'outlined'}
              aria-pressed={pressed}
              onClick={() => setType(value)}
            />
          );
        })}
      </Stack>
      {body}
    </>
  );
}
