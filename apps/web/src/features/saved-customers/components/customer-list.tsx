import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import type { TSavedCustomer } from '@agentdesk/contract/saved-customers/saved-customer-fields';
import { LoadMore } from '../../../components/load-more';
import { errorMessage } from '../../../lib/http/error-message';
import { useDebouncedValue } from '../../transactions/components/use-debounced-value';
import { useListSavedCustomersInfiniteQuery, type SavedCustomerFilter } from '../api/saved-customers';

/**
 * The agent's saved customers matching a filter, searched on the server once typing stops, paged
 * by cursor; each row drawn by `row`. Says when it is loading, failed (with Try again), or finds
 * nobody (`empty`, or the search's own words).
 */
export function CustomerList({
  filter,
  label,
  empty,
  row,
}: {
  filter: SavedCustomerFilter;
  label: string;
  empty: ReactNode;
  row: (customer: TSavedCustomer) => ReactNode;
}) {
  const q = useDebouncedValue(filter.q.trim());
  const list = useListSavedCustomersInfiniteQuery({ kind: filter.kind, q });
  const rows = list.data?.pages.flatMap((page) => page.data) ?? [];

  if (list.isLoading) return <Typography role="status">Loading your customers…</Typography>;
  if (list.isError && rows.length === 0) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
            Try again
          </Button>
        }
      >
        Could not load your customers. {errorMessage(list.error)}
      </Alert>
    );
  }
  if (rows.length === 0) {
    return q ? <Typography role="status">Nobody saved matches “{q}”.</Typography> : <>{empty}</>;
  }
  return (
    <>
      <List disablePadding aria-label={label}>
        {rows.map(row)}
      </List>
      <LoadMore
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        label="More customers"
      />
    </>
  );
}
