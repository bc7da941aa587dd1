import { z } from 'zod';

/** The signed-in person as every auth answer returns them. */
export const ZUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.enum(['agent', 'operator']),
  referralCode: z.string(),
  createdAt: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

/** `data` of login and register: the user and a bearer token. */
export const ZAuthSession = z.object({
  user: ZUser,
  authorization: z.object({
    token: z.string(),
    type: z.literal('Bearer'),
    expiresAt: z.string(),
  }),
});
export type TAuthSession = z.infer<typeof ZAuthSession>;
