import type { z } from 'zod';
import { register, ZRegisterRequest } from '@agentdesk/contract/auth/register';
import { publicCall } from '../../../lib/http/public-call';
import { validate } from '../../../lib/forms/validate';

export const validateRegister = (values: unknown) => validate(ZRegisterRequest, values);

export const callRegister = (body: z.output<typeof ZRegisterRequest>) => publicCall(register, body);
