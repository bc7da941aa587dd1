import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZEmail, ZNewPassword, ZPersonName, ZPhone, ZUsername } from '../fields.js';
import { ZUser } from '../auth/user.js';

export const ZCreateAgentRequest = z.strictObject({
  firstName: ZPersonName('First name'),
  lastName: ZPersonName('Last name'),
  username: ZUsername,
  email: ZEmail,
  phone: ZPhone,
  /** When absent the server generates one and answers it once. */
  password: ZNewPassword.optional(),
});
export type TCreateAgentRequest = z.input<typeof ZCreateAgentRequest>;

export const createAgent = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/agents',
  auth: 'operator',
  status: 201,
  tags: ['Operator'],
  summary: 'Create an agent account',
  body: ZCreateAgentRequest,
  data: z.object({ user: ZUser, generatedPassword: z.string().nullable() }),
});
