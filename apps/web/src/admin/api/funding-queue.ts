import {
  adminFundingProof,
  adminListFundingRequests,
  approveFundingRequest,
  rejectFundingRequest,
} from '@agentdesk/contract/admin/funding';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { parseAnswer, parseListAnswer, requestTo, type Answer, type ListAnswer } from '../../lib/http/envelope';
import { adminApi } from '../http/admin-api';

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The proof could not be read'));
    reader.readAsDataURL(blob);
  });
}

export type TQueuedFundingRequest = EndpointData<typeof adminListFundingRequests>[number];

/** The funding queue: reported transfers waiting, oldest first, and the two decisions on them. */
export const fundingQueueApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    fundingQueue: build.infiniteQuery<ListAnswer<EndpointData<typeof adminListFundingRequests>>, void, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.meta.nextCursor ?? undefined,
      },
      query: ({ pageParam }) =>
        requestTo(adminListFundingRequests, { query: { status: 'pending', cursor: pageParam, limit: 20 } }),
      transformResponse: parseListAnswer(adminListFundingRequests),
      providesTags: ['FundingQueue'],
    }),
    // The proof as a data: URL (the CSP allows data: pictures, not blob:), asked for only when
    // the operator opens it: a queue of 2 MB proofs is not downloaded on a slow line up front.
    fundingProof: build.query<string, string>({
      query: (id) => ({
        url: adminFundingProof.path.replace(':id', encodeURIComponent(id)),
        method: adminFundingProof.method,
        responseHandler: async (response: Response) =>
          response.ok ? readAsDataUrl(await response.blob()) : (response.json() as Promise<unknown>),
      }),
      keepUnusedDataFor: 60,
    }),
    approveFunding: build.mutation<Answer<EndpointData<typeof approveFundingRequest>>, string>({
      query: (id) => requestTo(approveFundingRequest, { params: { id } }),
      transformResponse: parseAnswer(approveFundingRequest),
      // Also after a refusal (another operator decided first): the queue shows what is left.
      invalidatesTags: ['FundingQueue'],
    }),
    rejectFunding: build.mutation<Answer<EndpointData<typeof rejectFundingRequest>>, { id: string; reason: string }>({
      query: ({ id, reason }) => requestTo(rejectFundingRequest, { params: { id }, body: { reason } }),
      transformResponse: parseAnswer(rejectFundingRequest),
      invalidatesTags: ['FundingQueue'],
    }),
  }),
});

export const {
  useFundingQueueInfiniteQuery,
  useFundingProofQuery,
  useApproveFundingMutation,
  useRejectFundingMutation,
} = fundingQueueApi;
