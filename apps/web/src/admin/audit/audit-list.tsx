import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { EmptyState } from '../../components/empty-state';
import { LoadMore } from '../../components/load-more';
import { errorMessage } from '../../lib/http/error-message';
import { useAuditLogInfiniteQuery, type AuditFilters } from '../api/audit';
import { ScreenLoading } from '../layout/screen-loading';
import { AuditEntry } from './audit-entry';

/**
 * The audit rows that match `filters`, newest first, a page at a time ("Load more"): loading,
 * empty and error states included. The log screen and an agent's or order's trail share it.
 */
export function AuditList({
  filters,
  label,
  emptyTitle,
  emptyText,
  headingLevel = 'h2',
  limit,
}: {
  filters: AuditFilters;
  label: string;
  emptyTitle: string;
  emptyText: string;
  headingLevel?: 'h2' | 'h3';
  limit?: number;
}) {
  const log = useAuditLogInfiniteQuery({ filters, limit }, { refetchOnMountOrArgChange: true });
  // The current search's rows only: another search's (`data`) would show while this one loads.
  const rows = log.currentData?.pages.flatMap((page) => page.data) ?? [];

  if (!log.currentData && log.isFetching) return <ScreenLoading label="Loading the audit log…" />;
  if (log.isError && rows.length === 0) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void log.refetch()}>
            Try again
          </Button>
        }
      >
        Could not load the audit log. {errorMessage(log.error)}
      </Alert>
    );
  }
  if (rows.length === 0) return <EmptyState title={emptyTitle}>{emptyText}</EmptyState>;
  return (
    <>
      <Stack component="ul" aria-label={label} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((entry) => (
          <li key={entry.id}>
            <AuditEntry entry={entry} headingLevel={headingLevel} />
          </li>
        ))}
      </Stack>
      <LoadMore
        hasMore={log.hasNextPage}
        loading={log.isFetchingNextPage}
        onLoadMore={() => void log.fetchNextPage()}
        label="Load older entries"
      />
    </>
  );
}
