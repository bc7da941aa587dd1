import { getContact } from '@agentdesk/contract/contact/get-contact';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { api } from '../../../lib/http/api';
import { parseAnswer, requestOf, type Answer } from '../../../lib/http/envelope';

const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    contact: build.query<Answer<EndpointData<typeof getContact>>, void>({
      query: () => requestOf(getContact),
      transformResponse: parseAnswer(getContact),
      providesTags: ['Support'],
    }),
  }),
});

export const { useContactQuery } = contactApi;

/** A `tel:` target: the digits and a leading plus only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
