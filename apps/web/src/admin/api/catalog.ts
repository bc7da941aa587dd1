import {
  adminListCatalogPlans,
  adminListCatalogServices,
  setServiceTerms,
  setVariationTerms,
  syncCatalog,
} from '@agentdesk/contract/admin/catalog';
import type { ServiceCategory } from '@agentdesk/contract/catalog/services';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { parseAnswer, parseListAnswer, requestTo, type Answer, type ListAnswer } from '../../lib/http/envelope';
import { adminApi } from '../http/admin-api';

export type TCatalogService = EndpointData<typeof adminListCatalogServices>[number];
export type TCatalogPlan = EndpointData<typeof adminListCatalogPlans>[number];

export interface CatalogServicesArgs {
  q?: string | undefined;
  category?: ServiceCategory | undefined;
}

export interface CatalogPlansArgs {
  serviceId: string;
  q?: string | undefined;
}

/**
 * The catalogue as operators run it: services and their plans, searched on the server and
 * paged by cursor; discounts, fixed prices and switches; a sync from the upstream. Every change
 * asks the lists again (`Catalog`), so a plan's price shows what agents now pay.
 */
export const catalogApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    catalogServices: build.infiniteQuery<
      ListAnswer<EndpointData<typeof adminListCatalogServices>>,
      CatalogServicesArgs,
      string
    >({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.meta.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) =>
        requestTo(adminListCatalogServices, {
          query: { q: queryArg.q, category: queryArg.category, cursor: pageParam, limit: 20 },
        }),
      transformResponse: parseListAnswer(adminListCatalogServices),
      providesTags: ['Catalog'],
    }),
    catalogPlans: build.infiniteQuery<ListAnswer<EndpointData<typeof adminListCatalogPlans>>, CatalogPlansArgs, string>(
      {
        infiniteQueryOptions: {
          initialPageParam: '',
          getNextPageParam: (lastPage) => lastPage.meta.nextCursor ?? undefined,
        },
        query: ({ queryArg, pageParam }) =>
          requestTo(adminListCatalogPlans, {
            params: { serviceId: queryArg.serviceId },
            query: { q: queryArg.q, cursor: pageParam, limit: 25 },
          }),
        transformResponse: parseListAnswer(adminListCatalogPlans),
        providesTags: ['Catalog'],
      },
    ),
    setServiceTerms: build.mutation<
      Answer<EndpointData<typeof setServiceTerms>>,
      { serviceId: string; discountPercent?: string; enabled?: boolean }
    >({
      query: ({ serviceId, ...body }) => requestTo(setServiceTerms, { params: { serviceId }, body }),
      transformResponse: parseAnswer(setServiceTerms),
      invalidatesTags: ['Catalog'],
    }),
    setPlanTerms: build.mutation<
      Answer<EndpointData<typeof setVariationTerms>>,
      { serviceId: string; code: string; agentPrice?: string | null; enabled?: boolean }
    >({
      query: ({ serviceId, code, ...body }) => requestTo(setVariationTerms, { params: { serviceId, code }, body }),
      transformResponse: parseAnswer(setVariationTerms),
      invalidatesTags: ['Catalog'],
    }),
    syncCatalog: build.mutation<Answer<EndpointData<typeof syncCatalog>>, void>({
      query: () => requestTo(syncCatalog),
      transformResponse: parseAnswer(syncCatalog),
      invalidatesTags: ['Catalog'],
    }),
  }),
});

export const {
  useCatalogServicesInfiniteQuery,
  useCatalogPlansInfiniteQuery,
  useSetServiceTermsMutation,
  useSetPlanTermsMutation,
  useSyncCatalogMutation,
} = catalogApi;
