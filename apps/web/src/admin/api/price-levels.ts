import {
  createPriceLevel,
  listPriceLevelPlans,
  listPriceLevels,
  listPriceLevelServices,
  moveAgentToPriceLevel,
  renamePriceLevel,
  setDefaultPriceLevel,
  setPriceLevelDiscount,
  setPriceLevelFollowRule,
  setPriceLevelPrice,
  type TPriceLevel,
} from '@agentdesk/contract/admin/price-levels';
import type { ServiceCategory } from '@agentdesk/contract/catalog/services';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { parseAnswer, parseListAnswer, requestTo, type Answer, type ListAnswer } from '../../lib/http/envelope';
import { adminApi } from '../http/admin-api';

export type TLevelService = EndpointData<typeof listPriceLevelServices>[number];
export type TLevelPlan = EndpointData<typeof listPriceLevelPlans>[number];

export interface LevelServicesArgs {
  levelId: string;
  q?: string | undefined;
  category?: ServiceCategory | undefined;
}

export interface LevelPlansArgs {
  levelId: string;
  serviceId: string;
  q?: string | undefined;
}

const LEVELS = { type: 'PriceLevels', id: 'LIST' } as const;
const levelTag = (id: string) => ({ type: 'PriceLevels' as const, id });

/**
 * Price levels (docs/decisions/038): the levels, a level's services and plans beside the
 * catalogue's, its overrides, the default, and moving an agent. A change to a level asks its
 * lists again, so each plan shows what the level's agents now pay; a catalogue change
 * (`Catalog`) does too, since a level follows the catalogue where it says nothing.
 */
export const priceLevelsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    priceLevels: build.query<EndpointData<typeof listPriceLevels>, void>({
      query: () => requestTo(listPriceLevels),
      transformResponse: (body: unknown) => parseAnswer(listPriceLevels)(body).data,
      providesTags: [LEVELS],
    }),
    createPriceLevel: build.mutation<Answer<EndpointData<typeof createPriceLevel>>, { name: string }>({
      query: (body) => requestTo(createPriceLevel, { body }),
      transformResponse: parseAnswer(createPriceLevel),
      invalidatesTags: (result) => (result ? [LEVELS] : []),
    }),
    renamePriceLevel: build.mutation<Answer<EndpointData<typeof renamePriceLevel>>, { id: string; name: string }>({
      query: ({ id, name }) => requestTo(renamePriceLevel, { params: { id }, body: { name } }),
      transformResponse: parseAnswer(renamePriceLevel),
      invalidatesTags: (result) => (result ? [LEVELS] : []),
    }),
    setDefaultPriceLevel: build.mutation<Answer<EndpointData<typeof setDefaultPriceLevel>>, string>({
      query: (id) => requestTo(setDefaultPriceLevel, { params: { id } }),
      transformResponse: parseAnswer(setDefaultPriceLevel),
      invalidatesTags: (result) => (result ? [LEVELS] : []),
    }),
    setPriceLevelFollowRule: build.mutation<
      Answer<EndpointData<typeof setPriceLevelFollowRule>>,
      { id: string; followRule: TPriceLevel['followRule'] }
    >({
      query: ({ id, followRule }) => requestTo(setPriceLevelFollowRule, { params: { id }, body: { followRule } }),
      transformResponse: parseAnswer(setPriceLevelFollowRule),
      invalidatesTags: (result) => (result ? [LEVELS] : []),
    }),
    levelServices: build.infiniteQuery<
      ListAnswer<EndpointData<typeof listPriceLevelServices>>,
      LevelServicesArgs,
      string
    >({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.meta.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) =>
        requestTo(listPriceLevelServices, {
          params: { id: queryArg.levelId },
          query: { q: queryArg.q, category: queryArg.category, cursor: pageParam, limit: 20 },
        }),
      transformResponse: parseListAnswer(listPriceLevelServices),
      providesTags: (_result, _error, { levelId }) => [levelTag(levelId), 'Catalog'],
    }),
    levelPlans: build.infiniteQuery<ListAnswer<EndpointData<typeof listPriceLevelPlans>>, LevelPlansArgs, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.meta.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) =>
        requestTo(listPriceLevelPlans, {
          params: { id: queryArg.levelId, serviceId: queryArg.serviceId },
          query: { q: queryArg.q, cursor: pageParam, limit: 25 },
        }),
      transformResponse: parseListAnswer(listPriceLevelPlans),
      providesTags: (_result, _error, { levelId }) => [levelTag(levelId), 'Catalog'],
    }),
    setLevelDiscount: build.mutation<
      Answer<EndpointData<typeof setPriceLevelDiscount>>,
      { levelId: string; serviceId: string; discountPercent: string | null }
    >({
      query: ({ levelId, serviceId, discountPercent }) =>
        requestTo(setPriceLevelDiscount, { params: { id: levelId, serviceId }, body: { discountPercent } }),
      transformResponse: parseAnswer(setPriceLevelDiscount),
      invalidatesTags: (result, _error, { levelId }) => (result ? [levelTag(levelId), LEVELS] : []),
    }),
    setLevelPrice: build.mutation<
      Answer<EndpointData<typeof setPriceLevelPrice>>,
      { levelId: string; serviceId: string; code: string; price: string | null }
    >({
      query: ({ levelId, serviceId, code, price }) =>
        requestTo(setPriceLevelPrice, { params: { id: levelId, serviceId, code }, body: { price } }),
      transformResponse: parseAnswer(setPriceLevelPrice),
      invalidatesTags: (result, _error, { levelId }) => (result ? [levelTag(levelId), LEVELS] : []),
    }),
    moveAgentToLevel: build.mutation<
      Answer<EndpointData<typeof moveAgentToPriceLevel>>,
      { agentId: string; levelId: string }
    >({
      query: ({ agentId, levelId }) => requestTo(moveAgentToPriceLevel, { params: { id: agentId }, body: { levelId } }),
      transformResponse: parseAnswer(moveAgentToPriceLevel),
      // The agent's page (their level) and its audit trail, and the levels' agent counts.
      invalidatesTags: (result, _error, { agentId }) =>
        result ? [LEVELS, { type: 'Agents', id: agentId }, { type: 'Agents', id: `${agentId}:audit` }] : [],
    }),
  }),
});

export const {
  usePriceLevelsQuery,
  useCreatePriceLevelMutation,
  useRenamePriceLevelMutation,
  useSetDefaultPriceLevelMutation,
  useSetPriceLevelFollowRuleMutation,
  useLevelServicesInfiniteQuery,
  useLevelPlansInfiniteQuery,
  useSetLevelDiscountMutation,
  useSetLevelPriceMutation,
  useMoveAgentToLevelMutation,
} = priceLevelsApi;
