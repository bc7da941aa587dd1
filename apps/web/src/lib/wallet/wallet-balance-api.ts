import { walletBalance } from '@agentdesk/contract/wallet/balance';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { api } from '../http/api';
import { parseAnswer, requestOf, type Answer } from '../http/envelope';

/**
 * The wallet balance, shared by every feature that shows or spends it. Anything that moves
 * money (a purchase, an approved funding) invalidates the 'Wallet' tag so it refetches.
 */
const walletApi = api.injectEndpoints({
  endpoints: (build) => ({
    walletBalance: build.query<Answer<EndpointData<typeof walletBalance>>, void>({
      query: () => requestOf(walletBalance),
      transformResponse: parseAnswer(walletBalance),
      providesTags: ['Wallet'],
    }),
  }),
});

export const { useWalletBalanceQuery } = walletApi;

/** Asks for the balance unless it is known (a screen showing it then finds the request under way). */
export const prefetchWalletBalance = () => walletApi.util.prefetch('walletBalance', undefined, {});
