import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZNaira, ZNairaAmount } from '../money.js';
import { ZPhone } from '../fields.js';
import { SERVICE_CATEGORIES } from '../catalog/services.js';
import { zText } from '../text.js';
import { ZPin } from '../auth/transaction-pin.js';

/** The client's id for one purchase: a retry with the same id is the same purchase. */
export const ZRequestId = zText('requestId', { error: 'requestId is required' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'requestId is 8 to 64 letters, digits, "-" or "_"');

/** A JAMB candidate's profile ID, as JAMB issues it and the upstream verifies it. */
export const ZJambProfileId = zText('Profile ID', { error: 'Profile ID is required' })
  .trim()
  .regex(/^\d{10}$/, 'Profile ID is the 10 digits from JAMB');

const NETWORKS = ['mtn', 'glo', 'airtel', '9mobile'] as const;

/** The fields a refinement reads: the shapes are generic over `extra`, which TypeScript cannot narrow. */
const fields = <T>(body: unknown) => body as T;
const checker = (body: unknown) => fields<CheckerFields>(body);
interface CableFields {
  action: string;
  bouquetCode?: string | undefined;
}
interface CheckerFields {
  exam: string;
  quantity: number;
  profileId?: string | undefined;
}

/**
 * The purchase body, with `extra` fields in each service's shape: the dashboard's adds the
 * transaction PIN (docs/decisions/043); the reseller API's adds nothing (an API key is its own
 * credential), so a PIN sent there is refused as an unknown field.
 */
function purchaseRequest<E extends z.ZodRawShape>(extra: E) {
  return z.discriminatedUnion(
    'service',
    [
      z.strictObject({
        service: z.literal('airtime'),
        ...extra,
        requestId: ZRequestId,
        network: z.enum(NETWORKS),
        phone: ZPhone,
        amount: ZNairaAmount,
      }),
      z.strictObject({
        service: z.literal('data'),
        ...extra,
        requestId: ZRequestId,
        network: z.enum([...NETWORKS, 'glo-sme']),
        planCode: zText('planCode').trim().min(1).max(80),
        phone: ZPhone,
      }),
      z.strictObject({
        service: z.literal('electricity'),
        ...extra,
        requestId: ZRequestId,
        disco: zText('disco').trim().min(1).max(60),
        meterType: z.enum(['prepaid', 'postpaid']),
        meterNumber: zText('Meter number')
          .trim()
          .regex(/^\d{11,13}$/, 'Meter number is 11 to 13 digits'),
        amount: ZNairaAmount,
        phone: ZPhone,
      }),
      // `renew` renews the smartcard's current bouquet at the renewal amount the upstream gives
      // for it (no bouquetCode needed; one sent is not used); `change` moves it to bouquetCode.
      z
        .strictObject({
          service: z.literal('cable'),
          ...extra,
          requestId: ZRequestId,
          provider: z.enum(['dstv', 'gotv', 'startimes', 'showmax']),
          smartcardNumber: zText('Smartcard number')
            .trim()
            .regex(/^\d{10,11}$/, 'Smartcard number is 10 or 11 digits'),
          action: z.enum(['renew', 'change']).meta({
            description:
              'renew: the current bouquet, at the renewal amount the upstream gives for the card, less the discount; change: to bouquetCode, at its price',
          }),
          bouquetCode: zText('bouquetCode')
            .trim()
            .min(1)
            .max(80)
            .optional()
            .meta({ description: 'Required to change; not used to renew' }),
          phone: ZPhone,
        })
        .refine(
          (body) => {
            const cable = fields<CableFields>(body);
            return cable.action !== 'change' || cable.bouquetCode !== undefined;
          },
          {
            path: ['bouquetCode'],
            message: 'Choose the bouquet to change to',
          },
        ),
      // JAMB sells one PIN to one candidate: the profile ID is verified with the upstream before
      // anything is charged, and is what the upstream is paid for (its billersCode).
      z
        .strictObject({
          service: z.literal('result-checker'),
          ...extra,
          requestId: ZRequestId,
          exam: z.enum(['waec', 'waec-registration', 'neco', 'nabteb', 'jamb']),
          variationCode: zText('variationCode').trim().min(1).max(80).optional(),
          quantity: z.coerce.number().int().min(1, 'Buy at least 1').max(10, 'Buy at most 10 at once'),
          profileId: ZJambProfileId.optional().meta({
            description: "JAMB only, and required there: the candidate's profile ID (10 digits)",
          }),
          phone: ZPhone,
        })
        .refine((body) => checker(body).exam !== 'jamb' || checker(body).profileId !== undefined, {
          path: ['profileId'],
          message: "Enter the candidate's JAMB profile ID",
        })
        .refine((body) => checker(body).exam === 'jamb' || checker(body).profileId === undefined, {
          path: ['profileId'],
          message: 'Only a JAMB PIN takes a profile ID',
        })
        .refine((body) => checker(body).exam !== 'jamb' || checker(body).quantity === 1, {
          path: ['quantity'],
          message: 'A JAMB PIN is sold one per candidate: buy 1',
        }),
    ],
    { error: 'service is airtime, data, electricity, cable or result-checker' },
  );
}

export const ZPurchaseRequest = purchaseRequest({});
export type TPurchaseRequest = z.input<typeof ZPurchaseRequest>;

export const ZOrder = z.object({
  requestId: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  service: z.enum(SERVICE_CATEGORIES),
  serviceId: z.string(),
  productName: z.string(),
  recipient: z.string(),
  quantity: z.number(),
  faceValue: ZNaira,
  price: ZNaira,
  message: z.string().nullable(),
  result: z.object({
    token: z.string().nullable(),
    units: z.string().nullable(),
    customerName: z.string().nullable(),
    /** Electricity: the address on the meter's account, when the upstream gives it. */
    customerAddress: z.string().nullable(),
    cards: z.array(z.object({ serial: z.string(), pin: z.string() })),
    /** A PIN sold without a serial: JAMB's. */
    pin: z.string().nullable(),
  }),
  transactionId: z.string().nullable(),
  refundTransactionId: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type TOrder = z.infer<typeof ZOrder>;

/** The dashboard's purchase: the same body and the agent's transaction PIN. */
export const ZDashboardPurchaseRequest = purchaseRequest({ pin: ZPin });
export type TDashboardPurchaseRequest = z.input<typeof ZDashboardPurchaseRequest>;

export const createPurchase = defineEndpoint({
  method: 'POST',
  path: '/api/v1/agent/purchases',
  auth: 'agent',
  status: 201,
  tags: ['Purchases'],
  summary:
    'Buy a service with the transaction PIN. The same requestId again returns the same order and never charges twice.',
  body: ZDashboardPurchaseRequest,
  data: ZOrder,
});

export const getPurchase = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/purchases/:requestId',
  auth: 'agent',
  tags: ['Purchases'],
  summary: 'The state of a purchase by its requestId',
  params: z.strictObject({ requestId: ZRequestId }),
  data: ZOrder,
});

export const recheckPurchase = defineEndpoint({
  method: 'POST',
  path: '/api/v1/agent/purchases/:requestId/recheck',
  auth: 'agent',
  tags: ['Purchases'],
  summary:
    'Ask the provider now what became of a pending purchase, and answer its state: settled only on a definitive answer (409 once settled; limited per purchase and per agent)',
  params: z.strictObject({ requestId: ZRequestId }),
  data: ZOrder,
});
