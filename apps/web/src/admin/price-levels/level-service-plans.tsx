import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadMore } from '../../components/load-more';
import { errorMessage } from '../../lib/http/error-message';
import { useLevelPlansInfiniteQuery, type TLevelService } from '../api/price-levels';
import { SearchForm } from '../catalog/search-form';
import { ScreenLoading } from '../layout/screen-loading';
import { LevelPlanItem } from './level-plan-item';

/** A service's plans at a level, asked for when the operator opens them: searched, by cursor. */
export function LevelServicePlans({
  levelId,
  levelName,
  service,
  mayEdit,
}: {
  levelId: string;
  levelName: string;
  service: TLevelService;
  mayEdit: boolean;
}) {
  const [q, setQ] = useState<string | undefined>(undefined);
  const plans = useLevelPlansInfiniteQuery({ levelId, serviceId: service.id, q }, { refetchOnMountOrArgChange: true });
  const rows = plans.data?.pages.flatMap((page) => page.data) ?? [];

  let body;
  if (plans.isLoading) {
    body = <ScreenLoading label="Loading plans…" />;
  } else if (plans.isError && rows.length === 0) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void plans.refetch()}>
            Try again
          </Button>
        }
      >
        Could not load the plans. {errorMessage(plans.error)}
      </Alert>
    );
  } else if (rows.length === 0) {
    body = (
      <Typography color="text.secondary">
        {q ? `No plan of ${service.name} matches “${q}”.` : `${service.name} has no plans: agents choose the amount.`}
      </Typography>
    );
  } else {
    body = (
      <>
        <Stack
          component="ul"
          aria-label={`Plans of ${service.name}`}
          spacing={1.5}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {rows.map((plan) => (
            <li key={plan.code}>
              <LevelPlanItem
                levelId={levelId}
                levelName={levelName}
                serviceId={service.id}
                discountPercent={service.discountPercent}
                plan={plan}
                mayEdit={mayEdit}
              />
            </li>
          ))}
        </Stack>
        <LoadMore
          hasMore={plans.hasNextPage}
          loading={plans.isFetchingNextPage}
          onLoadMore={() => void plans.fetchNextPage()}
          label="Load more plans"
        />
      </>
    );
  }

  return (
    <div>
      <SearchForm label={`Search plans of ${service.name}`} name="plan-search" onSearch={setQ} />
      {body}
    </div>
  );
}
