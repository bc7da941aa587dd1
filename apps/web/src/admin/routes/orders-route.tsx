import { requeryOrders } from '@agentdesk/contract/admin/orders';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Refresh from '@mui/icons-material/Refresh';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { LoadMore } from '../../components/load-more';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/http/error-message';
import { useOrdersInfiniteQuery } from '../api/orders';
import { ScreenLoading } from '../layout/screen-loading';
import { BulkRequery } from '../orders/bulk-requery';
import { anyFilter, filtersFrom, searchOf } from '../orders/order-filters';
import { OrderRow } from '../orders/order-row';
import { OrderSearchForm } from '../orders/order-search-form';
import { useOperatorMay } from '../session/use-operator-may';

/**
 * /admin/orders: every order, newest first, found on the server by reference, request id,
 * phone, meter or smartcard, filtered by agent, service, state and dates (all in the URL, so a
 * search can be shared and survives a reload), by cursor; "Requery all N shown" for the list on
 * the screen.
 */
export function OrdersRoute() {
  const [search, setSearch] = useSearchParams();
  const filters = filtersFrom(search);
  const orders = useOrdersInfiniteQuery(filters, { refetchOnMountOrArgChange: true });
  const rows = orders.data?.pages.flatMap((page) => page.data) ?? [];
  const mayRequery = useOperatorMay(requeryOrders);
  const filtered = anyFilter(filters);

  let body;
  if (orders.isLoading) {
    body = <ScreenLoading label="Loading orders…" />;
  } else if (orders.isError && rows.length === 0) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void orders.refetch()}>
            Try again
          </Button>
        }
      >
        Could not load the orders. {errorMessage(orders.error)}
      </Alert>
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyState title={filtered ? 'No orders match' : 'No orders yet'}>
        {filtered
          ? 'Check the number or reference, or clear a filter. A search matches a whole reference, request id, phone, meter or smartcard number.'
          : 'When agents buy, their orders appear here, newest first.'}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <Stack component="ul" aria-label="Orders" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((order) => (
            <li key={order.id}>
              <OrderRow order={order} />
            </li>
          ))}
        </Stack>
        <LoadMore
          hasMore={orders.hasNextPage}
          loading={orders.isFetchingNextPage}
          onLoadMore={() => void orders.fetchNextPage()}
          label="Load more orders"
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Orders"
        subtitle="Newest first. Open an order to see every exchange with the upstream."
        action={
          <Button
            variant="outlined"
            startIcon={<Refresh />}
            onClick={() => void orders.refetch()}
            loading={orders.isFetching && !orders.isLoading && !orders.isFetchingNextPage}
          >
            Refresh
          </Button>
        }
      />
      <OrderSearchForm key={search.toString()} filters={filters} onSearch={(values) => setSearch(searchOf(values))} />
      {/* Outside the list, so that its summary stays when the list asked again comes back empty. */}
      {mayRequery && (
        <BulkRequery key={search.toString()} ids={rows.map((row) => row.id)} onDone={() => void orders.refetch()} />
      )}
      {body}
    </>
  );
}
