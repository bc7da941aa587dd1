import type { dashboardSummary } from '@agentdesk/contract/dashboard/summary';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { api } from '../../../lib/http/api';
import type { Answer } from '../../../lib/http/envelope';

/**
 * The contract's path of the summary (dashboard-summary.test.ts holds it to the contract).
 * Spelled here so this module needs neither zod nor the schema: the entry chunk holds it, and
 * the request leaves before any of the home's chunks has arrived.
 */
export const DASHBOARD_SUMMARY_PATH = '/api/v1/agent/dashboard/summary';

const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    dashboardSummary: build.query<Answer<EndpointData<typeof dashboardSummary>>, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        // The schema comes with the answer, in parallel with the request.
        const parse = async (body: unknown) => (await import('./dashboard-summary-parser')).parseDashboardSummary(body);
        // The prerendered home may have asked already (decision 047): the base query takes that answer.
        const result = await baseQuery({ url: DASHBOARD_SUMMARY_PATH, method: 'GET' });
        return result.error ? { error: result.error } : { data: await parse(result.data) };
      },
      // The home summarises the wallet and its history: whatever moves money asks for it again.
      providesTags: ['Wallet', 'Transactions'],
    }),
  }),
});

export const { useDashboardSummaryQuery } = dashboardApi;

/**
 * Asks for the summary afresh, without waiting for the home's screen: its route starts this
 * while the screen's code is still arriving, and the screen then finds the request under way.
 */
export const prefetchDashboardSummary = () =>
  dashboardApi.util.prefetch('dashboardSummary', undefined, { force: true });
