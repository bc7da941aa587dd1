import { z } from 'zod';
import { api } from '../../../lib/http/api';

/**
 * `GET /api/v1/agent/support`. Defined here until the contract has its own file: the answer
 * is a list whose first item's `link` is `key=value`, the value being the chat number.
 */
const ZSupportLinks = z.object({
  message: z.string(),
  data: z.array(z.object({ link: z.string() })),
});

const supportApi = api.injectEndpoints({
  endpoints: (build) => ({
    supportLink: build.query<z.infer<typeof ZSupportLinks>, void>({
      query: () => ({ url: '/api/v1/agent/support', method: 'GET' }),
      transformResponse: (body: unknown) => ZSupportLinks.parse(body),
      providesTags: ['Support'],
    }),
  }),
});

export const { useLazySupportLinkQuery } = supportApi;

/** The WhatsApp chat URL for a support link like `whatsapp=2348012345678`, or null. */
export function chatUrl(link: string | undefined): string | null {
  const number = link?.split('=')[1]?.replace(/[^\d]/g, '');
  return number ? `https://wa.me/${number}` : null;
}
