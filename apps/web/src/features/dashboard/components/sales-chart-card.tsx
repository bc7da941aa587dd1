import { Component, lazy, Suspense, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TDailySales } from '@agentdesk/contract/dashboard/summary';
import { useNearView } from '../../../lib/use-near-view';
import { chartSummary } from '../lib/sales-series';
import { SalesTable } from './sales-table';

// uPlot (~21 KiB brotli) is fetched after the home has painted, never with it, and only once the
// chart is about to be seen: below a phone's first screen, a visit that does not scroll to it
// never downloads it.
const SalesChart = lazy(() => import('./sales-chart'));

/** A chart that could not load (a dropped chunk on a bad line) leaves the table and the words. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The last 30 days of sales by service: a chart, its summary in words, and the table behind it. */
export function SalesChartCard({ daily }: { daily: readonly TDailySales[] }) {
  const [place, near] = useNearView<HTMLDivElement>();
  const summary = chartSummary(daily);
  const anySales = daily.some((day) => Number(day.total) > 0);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="sales-chart-title" sx={{ p: 2.5 }}>
      <Typography id="sales-chart-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Last 30 days
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="sales-summary">
        {summary}
      </Typography>
      {anySales && (
        <>
          <div ref={place}>
            {near ? (
              <ChartBoundary>
                <Suspense fallback={<Skeleton variant="rounded" height={260} aria-hidden="true" />}>
                  <SalesChart daily={daily} />
                </Suspense>
              </ChartBoundary>
            ) : (
              // Its place, kept: nothing moves when it comes. Not a skeleton: nothing is loading yet.
              <Box sx={{ height: 260 }} />
            )}
          </div>
          <Box component="details" sx={{ mt: 2, '& summary': { cursor: 'pointer', color: 'primary.main' } }}>
            <summary>Show the figures as a table</summary>
            <Box sx={{ mt: 1 }}>
              <SalesTable daily={daily} />
            </Box>
          </Box>
        </>
      )}
    </Paper>
  );
}
