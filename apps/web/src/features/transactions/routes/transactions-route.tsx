import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import InputAdornment from '@mui/material/InputAdornment';
import Search from '@mui/icons-material/Search';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import type { TTransaction } from '@agentdesk/contract/transactions/transaction';
import { EmptyState } from '../../../components/empty-state';
import { LoadMore } from '../../../components/load-more';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/http/error-message';
import { useListTransactionsInfiniteQuery } from '../api/list-transactions';
import { TransactionDetail } from '../components/transaction-detail';
import { TransactionFilters } from '../components/transaction-filters';
import { NO_FILTER, isFiltered, toQuery, type FilterChoice } from '../components/transaction-filter';
import { TransactionRow } from '../components/transaction-row';
import { StatementDownload } from '../components/statement-download';
import { useDebouncedValue } from '../components/use-debounced-value';

export function TransactionsRoute() {
  const [choice, setChoice] = useState<FilterChoice>(NO_FILTER);
  const [selected, setSelected] = useState<TTransaction | null>(null);
  const q = useDebouncedValue(choice.q, 300);
  const query = useMemo(() => toQuery({ ...choice, q }), [choice, q]);
  // Money moves elsewhere (approvals, purchases, refunds): ask again whenever the screen opens.
  const history = useListTransactionsInfiniteQuery(query, { refetchOnMountOrArgChange: true });
  const rows = useMemo(() => history.data?.pages.flatMap((page) => page.data) ?? [], [history.data]);
  const filtered = isFiltered({ ...choice, q });

  let body;
  if (history.isLoading || (history.isFetching && !history.isFetchingNextPage && rows.length === 0)) {
    body = (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 3 }}>
        <CircularProgress size={24} aria-hidden="true" />
        Loading transactions…
      </Box>
    );
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
        Could not load your transactions. {errorMessage(history.error)}
      </Alert>
    );
  } else if (rows.length === 0) {
    body = filtered ? (
      <EmptyState icon={<Search fontSize="large" />} title="No matching transactions">
        Nothing matches this search or these filters.
        <Box sx={{ mt: 2 }}>
          <Button onClick={() => setChoice(NO_FILTER)}>Clear search and filters</Button>
        </Box>
      </EmptyState>
    ) : (
      <EmptyState icon={<ReceiptLong fontSize="large" />} title="No transactions yet">
        Fund your wallet or buy a service: every wallet movement will be listed here, newest first.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <Paper variant="outlined" sx={{ opacity: history.isFetching && !history.isFetchingNextPage ? 0.6 : 1 }}>
          <List disablePadding aria-label="Transactions" aria-busy={history.isFetching}>
            {rows.map((transaction) => (
              <TransactionRow key={transaction.id} transaction={transaction} onOpen={() => setSelected(transaction)} />
            ))}
          </List>
        </Paper>
        {history.isFetchNextPageError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            Could not load more transactions. {errorMessage(history.error)}
          </Alert>
        )}
        <LoadMore
          hasMore={history.hasNextPage}
          loading={history.isFetchingNextPage}
          onLoadMore={() => void history.fetchNextPage()}
          label="Load more transactions"
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Transactions"
        subtitle="Every wallet movement, newest first"
        action={<StatementDownload initialFrom={choice.from} initialTo={choice.to} />}
      />
      <TextField
        label="Search transactions"
        type="search"
        size="small"
        value={choice.q}
        onChange={(event) => setChoice((current) => ({ ...current, q: event.target.value }))}
        helperText="Name, reference, recipient or description"
        sx={{ mb: 2, width: '100%', maxWidth: 420 }}
        slotProps={{
          htmlInput: { maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search />
              </InputAdornment>
            ),
          },
        }}
      />
      <TransactionFilters choice={choice} onChange={setChoice} />
      {body}
      {/* The row as the list now has it: a re-check refetches the list, and the panel follows. */}
      <TransactionDetail
        transaction={selected && (rows.find((row) => row.id === selected.id) ?? selected)}
        onClose={() => setSelected(null)}
      />
    </>
  );
}
