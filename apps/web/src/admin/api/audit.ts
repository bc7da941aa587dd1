import { listAudit, type TListAuditQuery } from '@agentdesk/contract/admin/audit';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { parseListAnswer, requestTo, type ListAnswer } from '../../lib/http/envelope';
import { adminApi } from '../http/admin-api';

/** The filters of the audit log's search (the cursor and page size are the list's own). */
export type AuditFilters = Omit<TListAuditQuery, 'cursor' | 'limit'>;

/** The audit log, newest first, by cursor, filtered on the server (every filter has its index). */
export const auditApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    auditLog: build.infiniteQuery<
      ListAnswer<EndpointData<typeof listAudit>>,
      { filters: AuditFilters; limit?: number },
      string
    >({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.meta.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) =>
        requestTo(listAudit, { query: { ...queryArg.filters, cursor: pageParam, limit: queryArg.limit ?? 25 } }),
      transformResponse: parseListAnswer(listAudit),
      providesTags: ['Audit'],
    }),
  }),
});

export const { useAuditLogInfiniteQuery } = auditApi;
