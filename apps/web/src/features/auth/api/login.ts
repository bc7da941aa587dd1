import type { z } from 'zod';
import { login, ZLoginRequest } from '@agentdesk/contract/auth/login';
import { publicCall } from '../../../lib/http/public-call';
import { validate } from '../../../lib/forms/validate';

export const validateLogin = (values: unknown) => validate(ZLoginRequest, values);

export const callLogin = (body: z.output<typeof ZLoginRequest>) => publicCall(login, body);
