import { adminListCatalogPlans } from '@agentdesk/contract/admin/catalog';
import {
  createUpstream,
  listRoutes,
  listUpstreamPlans,
  listUpstreams,
  mapUpstreamPlan,
  setRoute,
  syncUpstreamPlans,
  updateUpstream,
} from '@agentdesk/contract/admin/upstreams';
import type { EndpointBody, EndpointData } from '@agentdesk/contract/endpoint';
import { parseAnswer, parseListAnswer, requestTo, type Answer } from '../../lib/http/envelope';
import { adminApi } from '../http/admin-api';

export type TServiceRoute = EndpointData<typeof listRoutes>[number];
export type TUpstreamPlan = EndpointData<typeof listUpstreamPlans>[number];
export type TCatalogueChoice = EndpointData<typeof adminListCatalogPlans>[number];

const UPSTREAMS = { type: 'Upstreams', id: 'LIST' } as const;
const ROUTES = { type: 'Upstreams', id: 'ROUTES' } as const;
const plansTag = (id: string) => ({ type: 'Upstreams' as const, id: `${id}:plans` });

/**
 * Upstreams and routing (docs/decisions/037): the upstreams with their credentials masked,
 * each service's route, and an upstream's own plans mapped to the catalogue's. Credentials
 * are only ever sent, never read back: the list answers their last four characters.
 */
export const upstreamsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    upstreams: build.query<EndpointData<typeof listUpstreams>, void>({
      query: () => requestTo(listUpstreams),
      transformResponse: (body: unknown) => parseAnswer(listUpstreams)(body).data,
      providesTags: [UPSTREAMS],
    }),
    createUpstream: build.mutation<Answer<EndpointData<typeof createUpstream>>, EndpointBody<typeof createUpstream>>({
      query: (body) => requestTo(createUpstream, { body }),
      transformResponse: parseAnswer(createUpstream),
      invalidatesTags: (result) => (result ? [UPSTREAMS] : []),
    }),
    updateUpstream: build.mutation<
      Answer<EndpointData<typeof updateUpstream>>,
      { id: string } & EndpointBody<typeof updateUpstream>
    >({
      query: ({ id, ...body }) => requestTo(updateUpstream, { params: { id }, body }),
      transformResponse: parseAnswer(updateUpstream),
      invalidatesTags: (result) => (result ? [UPSTREAMS, ROUTES] : []),
    }),
    routes: build.query<EndpointData<typeof listRoutes>, void>({
      query: () => requestTo(listRoutes),
      transformResponse: (body: unknown) => parseAnswer(listRoutes)(body).data,
      providesTags: [ROUTES],
    }),
    setRoute: build.mutation<Answer<EndpointData<typeof setRoute>>, { serviceId: string; upstreams: string[] }>({
      query: ({ serviceId, upstreams }) => requestTo(setRoute, { params: { serviceId }, body: { upstreams } }),
      transformResponse: parseAnswer(setRoute),
      invalidatesTags: (result) => (result ? [ROUTES] : []),
    }),
    upstreamPlans: build.query<EndpointData<typeof listUpstreamPlans>, string>({
      query: (id) => requestTo(listUpstreamPlans, { params: { id } }),
      transformResponse: (body: unknown) => parseAnswer(listUpstreamPlans)(body).data,
      // A catalogue change moves a mapped plan's price, and so its margin.
      providesTags: (_result, _error, id) => [plansTag(id), 'Catalog'],
    }),
    syncUpstreamPlans: build.mutation<Answer<EndpointData<typeof syncUpstreamPlans>>, string>({
      query: (id) => requestTo(syncUpstreamPlans, { params: { id } }),
      transformResponse: parseAnswer(syncUpstreamPlans),
      invalidatesTags: (result, _error, id) => (result ? [plansTag(id)] : []),
    }),
    mapUpstreamPlan: build.mutation<
      Answer<EndpointData<typeof mapUpstreamPlan>>,
      { id: string; serviceId: string; code: string; variationCode: string | null }
    >({
      query: ({ id, serviceId, code, variationCode }) =>
        requestTo(mapUpstreamPlan, { params: { id, serviceId, code }, body: { variationCode } }),
      transformResponse: parseAnswer(mapUpstreamPlan),
      invalidatesTags: (result, _error, { id }) => (result ? [plansTag(id)] : []),
    }),
    /** The catalogue's plans of one service, the choices an upstream's plan may be mapped to (the first 100). */
    catalogueChoices: build.query<TCatalogueChoice[], string>({
      query: (serviceId) => requestTo(adminListCatalogPlans, { params: { serviceId }, query: { limit: 100 } }),
      transformResponse: (body: unknown) => parseListAnswer(adminListCatalogPlans)(body).data,
      providesTags: ['Catalog'],
    }),
  }),
});

export const {
  useUpstreamsQuery,
  useCreateUpstreamMutation,
  useUpdateUpstreamMutation,
  useRoutesQuery,
  useSetRouteMutation,
  useUpstreamPlansQuery,
  useSyncUpstreamPlansMutation,
  useMapUpstreamPlanMutation,
  useCatalogueChoicesQuery,
} = upstreamsApi;
