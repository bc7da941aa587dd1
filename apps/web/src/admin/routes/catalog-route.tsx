import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import Stack from '@mui/material/Stack';
import Sync from '@mui/icons-material/Sync';
import { setServiceTerms, syncCatalog } from '@agentdesk/contract/admin/catalog';
import { SERVICE_CATEGORIES, type ServiceCategory } from '@agentdesk/contract/catalog/services';
import { EmptyState } from '../../components/empty-state';
import { LoadMore } from '../../components/load-more';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/http/error-message';
import { useCatalogServicesInfiniteQuery, useSyncCatalogMutation } from '../api/catalog';
import { CATEGORY_WORDS } from '../catalog/catalog-words';
import { SearchForm } from '../catalog/search-form';
import { ServiceCard } from '../catalog/service-card';
import { ScreenLoading } from '../layout/screen-loading';
import { useOperatorMay } from '../session/use-operator-may';

type Outcome = { severity: 'success' | 'error'; text: string };

/**
 * /admin/catalog: services by category with their discount and switch, each service's plans
 * with face value, agent price and what the agent keeps; the upstream's cost (and so the
 * margin) is shown as unknown, the catalogue does not keep it. Owners change discounts, fixed
 * prices and switches and sync from the upstream; other roles read.
 */
export function CatalogRoute() {
  const mayChange = useOperatorMay(setServiceTerms);
  const maySync = useOperatorMay(syncCatalog);
  const [q, setQ] = useState<string | undefined>(undefined);
  const [category, setCategory] = useState<ServiceCategory | undefined>(undefined);
  const services = useCatalogServicesInfiniteQuery({ q, category }, { refetchOnMountOrArgChange: true });
  const rows = services.data?.pages.flatMap((page) => page.data) ?? [];
  const [sync, syncing] = useSyncCatalogMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  async function syncNow() {
    setOutcome(null);
    try {
      const answer = await sync().unwrap();
      setOutcome({ severity: 'success', text: `${answer.message}.` });
    } catch (error) {
      setOutcome({ severity: 'error', text: `The sync did not complete: ${errorMessage(error)}` });
    }
  }

  let body;
  if (services.isLoading) {
    body = <ScreenLoading label="Loading the catalogue…" />;
  } else if (services.isError && rows.length === 0) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void services.refetch()}>
            Try again
          </Button>
        }
      >
        Could not load the catalogue. {errorMessage(services.error)}
      </Alert>
    );
  } else if (rows.length === 0) {
    body =
      q || category ? (
        <EmptyState title="No service matches">Clear the search or choose another category.</EmptyState>
      ) : (
        <EmptyState title="The catalogue is empty">
          {maySync
            ? 'Sync now to pull the services and plans from the upstream.'
            : 'An owner syncs it from the upstream.'}
        </EmptyState>
      );
  } else {
    body = (
      <>
        <Stack component="ul" aria-label="Services" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((service) => (
            <li key={service.id}>
              <ServiceCard service={service} mayChange={mayChange} />
            </li>
          ))}
        </Stack>
        <LoadMore
          hasMore={services.hasNextPage}
          loading={services.isFetchingNextPage}
          onLoadMore={() => void services.fetchNextPage()}
          label="Load more services"
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Catalogue"
        subtitle="What agents can buy and what they pay"
        action={
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/admin/catalog/levels" variant="outlined">
              Price levels
            </Button>
            {maySync && (
              <Button
                variant="outlined"
                startIcon={<Sync />}
                onClick={() => void syncNow()}
                loading={syncing.isLoading}
              >
                Sync now
              </Button>
            )}
          </Stack>
        }
      />
      <Box aria-live="polite">
        {outcome && (
          <Alert
            ref={outcomeRef}
            tabIndex={-1}
            role="status"
            severity={outcome.severity}
            onClose={() => setOutcome(null)}
            sx={{ mb: 2 }}
          >
            {outcome.text}
          </Alert>
        )}
      </Box>
      <Alert severity="info" sx={{ mb: 2 }}>
        The upstream’s cost of each plan is not kept in the catalogue (its sync gives face values only), so the cost and
        your margin show as unknown. These are the prices of every price level that sets none of its own (Price levels).{' '}
        {mayChange ? '' : 'Only an owner can change prices and switches.'}
      </Alert>
      <SearchForm label="Search services" name="service-search" onSearch={setQ}>
        <FormControl margin="dense" sx={{ minWidth: 180 }}>
          <InputLabel variant="standard" htmlFor="catalog-category" shrink>
            Category
          </InputLabel>
          <NativeSelect
            id="catalog-category"
            value={category ?? ''}
            onChange={(event) => setCategory((event.target.value || undefined) as ServiceCategory | undefined)}
          >
            <option value="">All categories</option>
            {SERVICE_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {CATEGORY_WORDS[value]}
              </option>
            ))}
          </NativeSelect>
        </FormControl>
      </SearchForm>
      {body}
    </>
  );
}
