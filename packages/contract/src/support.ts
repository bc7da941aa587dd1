import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

/** `link` is `key=value`; the web app opens `https://wa.me/<value>`. */
export const supportLink = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/support',
  auth: 'agent',
  tags: ['Support'],
  summary: 'The support chat link',
  data: z.array(z.object({ link: z.string() })),
});
