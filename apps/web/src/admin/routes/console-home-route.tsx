import { useCallback } from 'react';
import { useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Refresh from '@mui/icons-material/Refresh';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/http/error-message';
import { useOverviewQuery } from '../api/overview';
import { ScreenLoading } from '../layout/screen-loading';
import { FailureRatesCard } from '../overview/failure-rates-card';
import { FloatCard } from '../overview/float-card';
import { FundingCard } from '../overview/funding-card';
import { lagosTime } from '../overview/lagos-clock';
import { PendingCard } from '../overview/pending-card';
import { PeriodCard } from '../overview/period-card';
import { pollIntervalMs } from '../overview/poll-interval';
import { UpstreamsHealthCard } from '../overview/upstreams-health-card';
import { useRefetchOnFocus } from '../overview/use-refetch-on-focus';

const GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
} as const;

/**
 * /admin: the business at a glance (issue 21, screen 1). One call answers every figure; it is
 * asked again every 30 s (`?refresh=<seconds>` for another pace) and when the operator comes
 * back to the tab, and the figures change in place, never reloading the page.
 */
export function OverviewRoute() {
  const { search } = useLocation();
  const overview = useOverviewQuery(undefined, {
    pollingInterval: pollIntervalMs(search),
    refetchOnMountOrArgChange: true,
  });
  const { refetch } = overview;
  useRefetchOnFocus(useCallback(() => void refetch(), [refetch]));
  const data = overview.data?.data;

  const retry = (
    <Button color="inherit" size="small" onClick={() => void overview.refetch()}>
      Retry
    </Button>
  );

  let body;
  if (overview.isLoading) {
    body = <ScreenLoading label="Loading the overview…" />;
  } else if (!data) {
    body = (
      <Alert severity="error" action={retry}>
        Could not load the overview. {errorMessage(overview.error)}
      </Alert>
    );
  } else {
    const quiet =
      data.month.delivered + data.month.pending + data.month.failed === 0 &&
      data.pending.count === 0 &&
      data.funding.waiting === 0;
    body = (
      <>
        {overview.isError && (
          <Alert severity="warning" action={retry} sx={{ mb: 2 }}>
            Could not update the figures: {errorMessage(overview.error)} They are as of {lagosTime(data.asOf)}.
          </Alert>
        )}
        {quiet && (
          <Alert severity="info" sx={{ mb: 2 }}>
            No orders this month and nothing waiting yet. Figures appear here as agents buy and report transfers.
          </Alert>
        )}
        <Box sx={GRID}>
          <FloatCard float={data.float} />
          <PendingCard pending={data.pending} asOf={data.asOf} />
          <FundingCard funding={data.funding} asOf={data.asOf} />
          <PeriodCard id="overview-today" title="Today" figures={data.today} />
          <PeriodCard id="overview-month" title="This month" figures={data.month} />
          <FailureRatesCard rates={data.failureRates} />
          <UpstreamsHealthCard pollingInterval={pollIntervalMs(search)} />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Days and months are Lagos time. Cost and margin show once orders record what the upstream charged; until then
          the float’s forecast counts face value, which the upstream’s charge never exceeds.
        </Typography>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Overview"
        subtitle={data ? `Updated at ${lagosTime(data.asOf)}, Lagos time` : 'The business at a glance'}
        action={
          <Button
            variant="outlined"
            startIcon={<Refresh />}
            onClick={() => void overview.refetch()}
            loading={overview.isFetching && !overview.isLoading}
          >
            Refresh
          </Button>
        }
      />
      {body}
    </>
  );
}
