import {
  adminListFundingAccounts,
  createFundingAccount,
  disableFundingAccount,
  type ZCreateFundingAccount,
} from '@agentdesk/contract/admin/funding';
import { getReferralSettings, updateReferralSettings } from '@agentdesk/contract/admin/referral-settings';
import {
  getContactSettings,
  getSupportSettings,
  setSupportSettings,
  updateContactSettings,
} from '@agentdesk/contract/admin/settings';
import type { TUpdateContactRequest } from '@agentdesk/contract/contact/contact-fields';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import type { z } from 'zod';
import { parseAnswer, requestTo, type Answer } from '../../lib/http/envelope';
import { adminApi } from '../http/admin-api';

export type TContactSettings = EndpointData<typeof getContactSettings>;
export type TSupportSettings = EndpointData<typeof getSupportSettings>;
export type TReferralSettings = EndpointData<typeof getReferralSettings>;
export type TAdminFundingAccount = EndpointData<typeof adminListFundingAccounts>[number];
export type TNewFundingAccount = z.input<typeof ZCreateFundingAccount>;

/**
 * What agents are told and offered, as operators set it: contact details, the support chat
 * number, the referral rule and the provider's bank accounts. Each change answers the saved
 * state, which replaces the cached one (no second request), and the accounts list is asked again.
 */
export const settingsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    contactSettings: build.query<TContactSettings, void>({
      query: () => requestTo(getContactSettings),
      transformResponse: (body: unknown) => parseAnswer(getContactSettings)(body).data,
      providesTags: ['Settings'],
    }),
    updateContact: build.mutation<Answer<TContactSettings>, TUpdateContactRequest>({
      query: (body) => requestTo(updateContactSettings, { body }),
      transformResponse: parseAnswer(updateContactSettings),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) void dispatch(settingsApi.util.upsertQueryData('contactSettings', undefined, data.data));
      },
    }),
    supportSettings: build.query<TSupportSettings, void>({
      query: () => requestTo(getSupportSettings),
      transformResponse: (body: unknown) => parseAnswer(getSupportSettings)(body).data,
      providesTags: ['Settings'],
    }),
    setSupport: build.mutation<Answer<TSupportSettings>, { whatsapp: string | null }>({
      query: (body) => requestTo(setSupportSettings, { body }),
      transformResponse: parseAnswer(setSupportSettings),
      // The contact's WhatsApp falls back to the support number: both are asked again.
      invalidatesTags: ['Settings'],
    }),
    referralSettings: build.query<TReferralSettings, void>({
      query: () => requestTo(getReferralSettings),
      transformResponse: (body: unknown) => parseAnswer(getReferralSettings)(body).data,
      providesTags: ['Settings'],
    }),
    updateReferral: build.mutation<
      Answer<TReferralSettings>,
      { fundingBonus?: string; marginPercent?: string; marginPurchases?: string }
    >({
      query: (body) => requestTo(updateReferralSettings, { body }),
      transformResponse: parseAnswer(updateReferralSettings),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) void dispatch(settingsApi.util.upsertQueryData('referralSettings', undefined, data.data));
      },
    }),
    fundingAccounts: build.query<TAdminFundingAccount[], void>({
      query: () => requestTo(adminListFundingAccounts),
      transformResponse: (body: unknown) => parseAnswer(adminListFundingAccounts)(body).data,
      providesTags: ['Settings'],
    }),
    addFundingAccount: build.mutation<Answer<EndpointData<typeof createFundingAccount>>, TNewFundingAccount>({
      query: (body) => requestTo(createFundingAccount, { body }),
      transformResponse: parseAnswer(createFundingAccount),
      invalidatesTags: ['Settings'],
    }),
    disableFundingAccount: build.mutation<Answer<EndpointData<typeof disableFundingAccount>>, string>({
      query: (id) => requestTo(disableFundingAccount, { params: { id } }),
      transformResponse: parseAnswer(disableFundingAccount),
      invalidatesTags: ['Settings'],
    }),
  }),
});

export const {
  useContactSettingsQuery,
  useUpdateContactMutation,
  useSupportSettingsQuery,
  useSetSupportMutation,
  useReferralSettingsQuery,
  useUpdateReferralMutation,
  useFundingAccountsQuery,
  useAddFundingAccountMutation,
  useDisableFundingAccountMutation,
} = settingsApi;
