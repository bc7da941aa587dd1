import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DateTime } from '../../../components/date-time';
import { LoadMore } from '../../../components/load-more';
import { StatusChip } from '../../../components/status-chip';
import { errorMessage } from '../../../lib/http/error-message';
import { formatNaira } from '../../../lib/money';
import { useListFundingRequestsInfiniteQuery } from '../api/funding-requests';

/** The agent's reported transfers, newest first, with their review status. */
export function FundingHistory() {
  // Approval happens elsewhere (the operator): ask again each time the screen opens.
  const history = useListFundingRequestsInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  const rows = history.data?.pages.flatMap((page) => page.data) ?? [];

  let body;
  if (history.isLoading) {
    body = <Typography role="status">Loading your reports…</Typography>;
  } else if (history.isError && rows.length === 0) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void history.refetch()}>
            Try again
          </Button>
        }
      >
        Could not load your reports. {errorMessage(history.error)}
      </Alert>
    );
  } else if (rows.length === 0) {
    body = (
      <Typography variant="body2" color="text.secondary">
        No transfers reported yet.
      </Typography>
    );
  } else {
    body = (
      <>
        <Paper variant="outlined">
          <List disablePadding aria-label="Reported transfers">
            {rows.map((request) => (
              <ListItem key={request.id} divider sx={{ display: 'block' }}>
                <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600 }}>{formatNaira(request.amount)}</Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      Ref {request.reference} · {request.account.bankName}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      Reported <DateTime value={request.createdAt} />
                    </Typography>
                  </Box>
                  <StatusChip status={request.status} />
                </Stack>
                {request.status === 'approved' && (
                  <Typography variant="body2" sx={{ mt: 0.5 }}>
                    {formatNaira(request.creditAmount)} credited
                    {Number(request.charge) > 0 ? ` (charge ${formatNaira(request.charge)})` : ''}
                  </Typography>
                )}
                {request.status === 'rejected' && (
                  <Typography variant="body2" color="error.dark" sx={{ mt: 0.5 }}>
                    Reason: {request.rejectReason ?? 'not given'}
                  </Typography>
                )}
                {request.status === 'pending' && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    Waiting for the provider to confirm the transfer
                  </Typography>
                )}
              </ListItem>
            ))}
          </List>
        </Paper>
        <LoadMore
          hasMore={history.hasNextPage}
          loading={history.isFetchingNextPage}
          onLoadMore={() => void history.fetchNextPage()}
          label="Load more reports"
        />
      </>
    );
  }

  return (
    <section aria-labelledby="funding-history-title">
      <Typography id="funding-history-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        Reported transfers
      </Typography>
      {body}
    </section>
  );
}
