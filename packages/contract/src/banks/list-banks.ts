import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

export const ZBank = z.object({
  code: z.string(),
  name: z.string(),
  cbnCode: z.string().nullable(),
  nipCode: z.string().nullable(),
  nubanCode: z.string().nullable(),
});
export type TBank = z.infer<typeof ZBank>;

export const listBanks = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/banks/list',
  auth: 'agent',
  tags: ['Banks'],
  summary: 'Nigerian banks with their codes, by name',
  /** A list like every other: `meta.nextCursor` is always null (it fits one page). */
  paginated: true,
  data: z.array(ZBank),
});
