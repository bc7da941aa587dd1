import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { setPriceLevelPrice } from '@agentdesk/contract/admin/price-levels';
import { SERVICE_CATEGORIES, type ServiceCategory } from '@agentdesk/contract/catalog/services';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import NativeSelect from '@mui/material/NativeSelect';
import Stack from '@mui/material/Stack';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { EmptyState } from '../../components/empty-state';
import { LoadMore } from '../../components/load-more';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/http/error-message';
import { useLevelServicesInfiniteQuery, usePriceLevelsQuery } from '../api/price-levels';
import { CATEGORY_WORDS } from '../catalog/catalog-words';
import { SearchForm } from '../catalog/search-form';
import { ScreenLoading } from '../layout/screen-loading';
import { LevelServiceCard } from '../price-levels/level-service-card';
import { levelSummary } from '../price-levels/level-words';
import { useOperatorMay } from '../session/use-operator-may';
import { useConsoleParams } from './console-params';

function BackToLevels() {
  return (
    <Link
      component={RouterLink}
      to="/admin/catalog/levels"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}
    >
      <ArrowBack fontSize="small" aria-hidden="true" />
      All price levels
    </Link>
  );
}

/**
 * /admin/catalog/levels/:id: one price level's prices, service by service beside the
 * catalogue's: the level's discount for a service, its fixed price for a plan, and what its
 * agents pay and keep as a result. Owners and finance change them; support reads.
 */
export function PriceLevelRoute() {
  const id = useConsoleParams().id ?? '';
  const mayEdit = useOperatorMay(setPriceLevelPrice);
  const levels = usePriceLevelsQuery(undefined, { refetchOnMountOrArgChange: true });
  const level = levels.data?.find((row) => row.id === id);
  const [q, setQ] = useState<string | undefined>(undefined);
  const [category, setCategory] = useState<ServiceCategory | undefined>(undefined);
  const services = useLevelServicesInfiniteQuery(
    { levelId: id, q, category },
    { refetchOnMountOrArgChange: true, skip: !level },
  );
  const rows = services.data?.pages.flatMap((page) => page.data) ?? [];

  if (levels.isLoading) {
    return (
      <>
        <PageHeader title="Price level" />
        <ScreenLoading label="Loading the price level…" />
      </>
    );
  }
  if (!level) {
    return (
      <>
        <BackToLevels />
        <PageHeader title={levels.data ? 'Price level not found' : 'Price level'} />
        {levels.data ? (
          <Alert severity="warning">No price level has this address. Choose one from the list.</Alert>
        ) : (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void levels.refetch()}>
                Try again
              </Button>
            }
          >
            Could not load the price level. {errorMessage(levels.error)}
          </Alert>
        )}
      </>
    );
  }

  let body;
  if (services.isLoading || services.isUninitialized) {
    body = <ScreenLoading label="Loading the level’s prices…" />;
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
        Could not load the level’s prices. {errorMessage(services.error)}
      </Alert>
    );
  } else if (rows.length === 0) {
    body =
      q || category ? (
        <EmptyState title="No service matches">Clear the search or choose another category.</EmptyState>
      ) : (
        <EmptyState title="The catalogue is empty">
          An owner syncs it from the upstream on the Catalogue screen.
        </EmptyState>
      );
  } else {
    body = (
      <>
        <Stack component="ul" aria-label="Services" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((service) => (
            <li key={service.id}>
              <LevelServiceCard levelId={level.id} levelName={level.name} service={service} mayEdit={mayEdit} />
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
      <BackToLevels />
      <PageHeader
        title={level.name}
        subtitle={`Price level · ${levelSummary(level)}${level.isDefault ? ' · new agents join it' : ''}`}
      />
      <Alert severity="info" sx={{ mb: 2 }}>
        Where this level sets nothing, its agents pay the catalogue’s current price. A level discount replaces the
        catalogue’s discount and fixed prices for the whole service; a level price replaces both for one plan.{' '}
        {mayEdit ? '' : 'Only an owner or finance can change them.'}
      </Alert>
      <SearchForm label="Search services" name="service-search" onSearch={setQ}>
        <FormControl margin="dense" sx={{ minWidth: 180 }}>
          <InputLabel variant="standard" htmlFor="level-category" shrink>
            Category
          </InputLabel>
          <NativeSelect
            id="level-category"
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
