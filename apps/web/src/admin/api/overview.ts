import { getOverview } from '@agentdesk/contract/admin/overview';
import { getUpstreamsHealth } from '@agentdesk/contract/admin/upstreams';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { parseAnswer, requestTo, type Answer } from '../../lib/http/envelope';
import { adminApi } from '../http/admin-api';

export type TOverviewData = EndpointData<typeof getOverview>;
export type TUpstreamsHealthData = EndpointData<typeof getUpstreamsHealth>;

/** The overview: one call answers every figure of the screen (the screen polls it). */
export const overviewApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    overview: build.query<Answer<TOverviewData>, void>({
      query: () => requestTo(getOverview),
      transformResponse: parseAnswer(getOverview),
      providesTags: ['Overview'],
    }),
    /** Each upstream's last hour, balance and alerts: the overview's health panel (decision 040). */
    upstreamsHealth: build.query<Answer<TUpstreamsHealthData>, void>({
      query: () => requestTo(getUpstreamsHealth),
      transformResponse: parseAnswer(getUpstreamsHealth),
      providesTags: ['Overview'],
    }),
  }),
});

export const { useOverviewQuery, useUpstreamsHealthQuery } = overviewApi;
