import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import { PageHeader } from '../../components/page-header';
import type { AuditFilters } from '../api/audit';
import { AuditFiltersForm, filtersFromSearch } from '../audit/audit-filters';
import { AuditList } from '../audit/audit-list';

/**
 * /admin/audit: every operator action, newest first, searched on the server by operator,
 * action, target and Lagos dates; the search is in the address, so a result can be shared
 * (an agent's or order's page links here with its own).
 */
export function AuditRoute() {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the filters change with the query string only
  const filters = useMemo(() => filtersFromSearch(search), [key]);
  const searching = Object.keys(filters).length > 0;

  function onSearch(chosen: AuditFilters) {
    setSearch(new URLSearchParams(chosen));
  }

  return (
    <>
      <PageHeader title="Audit log" subtitle="Every operator action, newest first: who, when, what, from where" />
      <AuditFiltersForm filters={filters} onSearch={onSearch} />
      {filters.agentId && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Showing the actions that concern agent {filters.agentId}.
        </Alert>
      )}
      <AuditList
        filters={filters}
        label="Audit entries"
        emptyTitle={searching ? 'Nothing matches this search' : 'No operator actions yet'}
        emptyText={
          searching
            ? 'Try another operator, action or dates, or clear the search.'
            : 'Approvals, refunds, price changes and every other operator action are listed here as they happen.'
        }
      />
    </>
  );
}
