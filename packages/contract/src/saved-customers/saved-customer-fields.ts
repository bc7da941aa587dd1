import { z } from 'zod';
import { ZPersonName, ZPhone } from '../fields.js';
import { zText } from '../text.js';

/** How many customers an agent may keep. */
export const MAX_SAVED_CUSTOMERS = 500;

export const SAVED_CUSTOMER_KINDS = ['phone', 'meter', 'smartcard'] as const;
export type SavedCustomerKind = (typeof SAVED_CUSTOMER_KINDS)[number];

export const NETWORKS = ['mtn', 'glo', 'airtel', '9mobile'] as const;
export const TV_PROVIDERS = ['dstv', 'gotv', 'startimes', 'showmax'] as const;

/** The name the agent knows the customer by ("Mama Tunde shop"). */
export const ZSavedCustomerName = ZPersonName('Name');

/** What a customer is saved with: the number a purchase needs, and what it is with (network, disco, TV). */
export const ZSaveCustomerRequest = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('phone'),
      name: ZSavedCustomerName,
      number: ZPhone,
      /** Optional: the screen guesses it from the number, as it does for a typed one. */
      network: z.enum(NETWORKS, { error: 'network is mtn, glo, airtel or 9mobile' }).optional(),
    }),
    z.strictObject({
      kind: z.literal('meter'),
      name: ZSavedCustomerName,
      number: zText('Meter number', { error: 'Meter number is required' })
        .trim()
        .regex(/^\d{11,13}$/, 'Meter number is 11 to 13 digits'),
      disco: zText('disco', { error: 'Choose the electricity company' })
        .trim()
        .min(1, 'Choose the electricity company')
        .max(60),
      meterType: z.enum(['prepaid', 'postpaid'], { error: 'Choose prepaid or postpaid' }),
    }),
    z.strictObject({
      kind: z.literal('smartcard'),
      name: ZSavedCustomerName,
      number: zText('Smartcard number', { error: 'Smartcard number is required' })
        .trim()
        .regex(/^\d{10,11}$/, 'Smartcard number is 10 or 11 digits'),
      provider: z.enum(TV_PROVIDERS, { error: 'provider is dstv, gotv, startimes or showmax' }),
    }),
  ],
  { error: 'kind is phone, meter or smartcard' },
);
export type TSaveCustomerRequest = z.input<typeof ZSaveCustomerRequest>;

/** A saved customer. `provider` is the network (a phone's, when known), the disco or the TV provider. */
export const ZSavedCustomer = z.object({
  id: z.string(),
  kind: z.enum(SAVED_CUSTOMER_KINDS),
  name: z.string(),
  number: z.string(),
  provider: z.string().nullable(),
  meterType: z.enum(['prepaid', 'postpaid']).nullable(),
  createdAt: z.string(),
});
export type TSavedCustomer = z.infer<typeof ZSavedCustomer>;
