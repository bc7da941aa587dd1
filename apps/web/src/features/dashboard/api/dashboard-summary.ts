import { dashboardSummary } from '@agentdesk/contract/dashboard/summary';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { api } from '../../../lib/http/api';
import { parseAnswer, requestTo, type Answer } from '../../../lib/http/envelope';

const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    dashboardSummary: build.query<Answer<EndpointData<typeof dashboardSummary>>, void>({
      query: () => requestTo(dashboardSummary),
      transformResponse: parseAnswer(dashboardSummary),
      // The home summarises the wallet and its history: whatever moves money asks for it again.
      providesTags: ['Wallet', 'Transactions'],
    }),
  }),
});

export const { useDashboardSummaryQuery } = dashboardApi;
