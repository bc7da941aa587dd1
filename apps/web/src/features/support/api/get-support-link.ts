import { supportLink } from '@agentdesk/contract/support';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { api } from '../../../lib/http/api';
import { parseAnswer, requestOf, type Answer } from '../../../lib/http/envelope';

const supportApi = api.injectEndpoints({
  endpoints: (build) => ({
    supportLink: build.query<Answer<EndpointData<typeof supportLink>>, void>({
      query: () => requestOf(supportLink),
      transformResponse: parseAnswer(supportLink),
      providesTags: ['Support'],
    }),
  }),
});

export const { useLazySupportLinkQuery } = supportApi;

/** Starts fetching the link early (hover, focus), so the click can open the chat at once. */
export const usePrefetchSupportLink = () => supportApi.usePrefetch('supportLink');

/**
 * The WhatsApp chat URL for a support link of the form `key=value` (spec section 3: the part
 * after the equals sign is the number), or null when there is no usable number.
 *
 * @example chatUrl('whatsapp=2348012345678') // 'https://wa.me/2348012345678'
 */
export function chatUrl(link: string | undefined): string | null {
  const number = link?.split('=')[1]?.replace(/\D/g, '');
  return number ? `https://wa.me/${number}` : null;
}
