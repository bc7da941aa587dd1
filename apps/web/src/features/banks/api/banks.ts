import { createBankAccount, type TCreateBankAccountRequest } from '@agentdesk/contract/banks/create-bank-account';
import { deleteBankAccount } from '@agentdesk/contract/banks/delete-bank-account';
import { listBankAccounts } from '@agentdesk/contract/banks/list-bank-accounts';
import { listBanks } from '@agentdesk/contract/banks/list-banks';
import { resolveAccountName } from '@agentdesk/contract/banks/resolve-account-name';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { api } from '../../../lib/http/api';
import { parseAnswer, parseListAnswer, requestTo, type Answer, type ListAnswer } from '../../../lib/http/envelope';

const banksApi = api.injectEndpoints({
  endpoints: (build) => ({
    listBanks: build.query<ListAnswer<EndpointData<typeof listBanks>>, void>({
      query: () => requestTo(listBanks),
      transformResponse: parseListAnswer(listBanks),
      // The list of Nigerian banks hardly changes: keep it for the session.
      keepUnusedDataFor: 3600,
    }),
    listBankAccounts: build.query<ListAnswer<EndpointData<typeof listBankAccounts>>, void>({
      query: () => requestTo(listBankAccounts),
      transformResponse: parseListAnswer(listBankAccounts),
      providesTags: ['Banks'],
    }),
    resolveAccountName: build.query<
      Answer<EndpointData<typeof resolveAccountName>>,
      { bankCode: string; accountNumber: string }
    >({
      query: (query) => requestTo(resolveAccountName, { query }),
      transformResponse: parseAnswer(resolveAccountName),
    }),
    createBankAccount: build.mutation<Answer<EndpointData<typeof createBankAccount>>, TCreateBankAccountRequest>({
      query: (body) => requestTo(createBankAccount, { body }),
      transformResponse: parseAnswer(createBankAccount),
      invalidatesTags: ['Banks'],
    }),
    deleteBankAccount: build.mutation<Answer<EndpointData<typeof deleteBankAccount>>, string>({
      query: (id) => requestTo(deleteBankAccount, { params: { id } }),
      transformResponse: parseAnswer(deleteBankAccount),
      invalidatesTags: ['Banks'],
    }),
  }),
});

export const {
  useListBanksQuery,
  useListBankAccountsQuery,
  useResolveAccountNameQuery,
  useCreateBankAccountMutation,
  useDeleteBankAccountMutation,
} = banksApi;
