import { useSelector } from 'react-redux';
import { toast } from '../lib/toast';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { PageHeader } from '../components/page-header';
import { errorMessage } from '../lib/http/error-message';
import { selectUser } from '../lib/session/auth-slice';
import { useDashboardSummaryQuery } from '../features/dashboard/api/dashboard-summary';
import { FirstSteps, PrerenderedFirstSteps } from '../features/dashboard/components/first-steps';
import { HomeSkeleton } from '../features/dashboard/components/home-skeleton';
import { PeriodFigures } from '../features/dashboard/components/period-figures';
import { QuickBuy } from '../features/dashboard/components/quick-buy';
import { RecentTransactions } from '../features/dashboard/components/recent-transactions';
import { SalesChartCard } from '../features/dashboard/components/sales-chart-card';
import { HOME_NOTES, PrerenderedUnreadNotes, UnreadNotes } from '../features/dashboard/components/unread-notes';
import { isFunded, isNewAgent } from '../features/dashboard/lib/sales-series';
import {
  useListNotificationsInfiniteQuery,
  useMarkAllNotificationsReadMutation,
  useUnreadNotificationCountQuery,
} from '../features/notifications/api/notifications';
import { WalletBalanceCard } from '../features/wallet/components/wallet-balance-card';

/** The unread notifications on the home: the count the top bar already asked for, a few of the newest. */
function HomeNotifications() {
  const unread = useUnreadNotificationCountQuery().data?.data.count ?? 0;
  const list = useListNotificationsInfiniteQuery(undefined, { skip: unread === 0 });
  const [markAll, marking] = useMarkAllNotificationsReadMutation();
  if (unread === 0) return null;
  const notes = (list.data?.pages[0]?.data ?? []).filter((note) => !note.read).slice(0, HOME_NOTES);
  async function readAll() {
    try {
      await markAll().unwrap();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }
  return <UnreadNotes unread={unread} notes={notes} onMarkAllRead={() => void readAll()} marking={marking.isLoading} />;
}

/**
 * Dashboard home, composed here from the features it summarises: the wallet, one summary
 * call for the figures, chart and recent movements, the notifications, and the services.
 * `prerendered`: drawn by the build for the first paint (decision 039), with the first steps
 * and the unread notes ready to be shown before the app arrives (decisions 047 and 049).
 */
export function DashboardRoute({ prerendered = false }: { prerendered?: boolean }) {
  const user = useSelector(selectUser);
  // Money moves elsewhere (approvals, refunds by the worker): ask again each time the home opens.
  // The route's loader already asked while this screen's code was arriving (route-prefetch.ts):
  // an answer of the last few seconds is that request, not one to repeat.
  const summary = useDashboardSummaryQuery(undefined, { refetchOnMountOrArgChange: 5 });
  const data = summary.data?.data;

  let body;
  if (summary.isLoading) {
    body = (
      <>
        <HomeSkeleton />
        {prerendered && <PrerenderedFirstSteps />}
      </>
    );
  } else if (!data) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void summary.refetch()}>
            Try again
          </Button>
        }
      >
        Could not load your sales summary. {errorMessage(summary.error)}
      </Alert>
    );
  } else if (isNewAgent(data)) {
    body = (
      <>
        <FirstSteps funded={isFunded(data)} />
        {data.recentTransactions.length > 0 && <RecentTransactions transactions={data.recentTransactions} />}
      </>
    );
  } else {
    body = (
      <>
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2 }}>
          <PeriodFigures title="Today" figures={data.today} />
          <PeriodFigures title="This month" figures={data.month} />
        </Stack>
        <SalesChartCard daily={data.daily} />
        <RecentTransactions transactions={data.recentTransactions} />
      </>
    );
  }

  return (
    <>
      {/* No one yet in the page the build prerenders (decision 039): the greeting's line is kept,
          so nothing moves when the app fills it in. */}
      <PageHeader title="Dashboard" subtitle={user ? `Welcome back, ${user.firstName}` : '\u00a0'} />
      <Stack spacing={3}>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: 'minmax(280px, 420px) 1fr' },
            alignItems: 'start',
          }}
        >
          <WalletBalanceCard />
          <QuickBuy />
        </Box>
        <HomeNotifications />
        {prerendered && <PrerenderedUnreadNotes />}
        {body}
      </Stack>
    </>
  );
}
