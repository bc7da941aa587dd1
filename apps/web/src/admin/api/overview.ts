import { getOverview } from '@agentdesk/contract/admin/overview';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { parseAnswer, requestTo, type Answer } from '../../lib/http/envelope';
import { adminApi } from '../http/admin-api';

export type TOverviewData = EndpointData<typeof getOverview>;

/** The overview: one call answers every figure of the screen (the screen polls it). */
export const overviewApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    overview: build.query<Answer<TOverviewData>, void>({
      query: () => requestTo(getOverview),
      transformResponse: parseAnswer(getOverview),
      providesTags: ['Overview'],
    }),
  }),
});

export const { useOverviewQuery } = overviewApi;
