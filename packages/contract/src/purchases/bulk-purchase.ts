import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZPhone } from '../fields.js';
import { ZNaira, ZNairaAmount } from '../money.js';
import { ZPin } from '../auth/transaction-pin.js';
import { zText } from '../text.js';
import { ZRequestId } from './purchase.js';

/** The most rows one bulk purchase may hold. */
export const BULK_MAX_ROWS = 1000;

/**
 * The client's key for one bulk purchase: sent again (a retry after a lost connection), it
 * answers the same batch and pays nothing twice.
 */
export const ZBulkKey = zText('clientKey', { error: 'clientKey is required' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'clientKey is 8 to 64 letters, digits, "-" or "_"');

const MOBILE_NETWORKS = ['mtn', 'glo', 'airtel', '9mobile'] as const;
const ZPlanCode = zText('planCode').trim().min(1).max(80);

/** One row of the dashboard's bulk purchase: its requestId is the server's (batch and row). */
const ZAirtimeRow = z.strictObject({ network: z.enum(MOBILE_NETWORKS), phone: ZPhone, amount: ZNairaAmount });
const ZDataRow = z.strictObject({
  network: z.enum([...MOBILE_NETWORKS, 'glo-sme']),
  phone: ZPhone,
  planCode: ZPlanCode,
});

const rowsOf = <T extends z.ZodType>(row: T) =>
  z.array(row).min(1, 'Add at least one row').max(BULK_MAX_ROWS, `At most ${BULK_MAX_ROWS} rows at once`);

export const ZBulkPurchaseRequest = z.discriminatedUnion(
  'service',
  [
    z.strictObject({ service: z.literal('airtime'), clientKey: ZBulkKey, pin: ZPin, rows: rowsOf(ZAirtimeRow) }),
    z.strictObject({ service: z.literal('data'), clientKey: ZBulkKey, pin: ZPin, rows: rowsOf(ZDataRow) }),
  ],
  { error: 'service is airtime or data' },
);
export type TBulkPurchaseRequest = z.input<typeof ZBulkPurchaseRequest>;

/** The reseller API's rows: each a purchase of its own, with the requestId that makes it idempotent. */
export const ZResellerBatchRequest = z.strictObject({
  rows: rowsOf(
    z.discriminatedUnion(
      'service',
      [
        ZAirtimeRow.extend({ service: z.literal('airtime'), requestId: ZRequestId }),
        ZDataRow.extend({ service: z.literal('data'), requestId: ZRequestId }),
      ],
      { error: 'service is airtime or data' },
    ),
  ),
});
export type TResellerBatchRequest = z.input<typeof ZResellerBatchRequest>;

export const BULK_ROW_STATUSES = ['queued', 'pending', 'delivered', 'failed'] as const;

export const ZBulkRow = z.object({
  index: z.number().meta({ description: 'The row’s place in the request, from 0' }),
  requestId: z.string(),
  service: z.enum(['airtime', 'data']),
  network: z.string(),
  phone: z.string(),
  planCode: z.string().nullable(),
  amount: ZNaira.nullable().meta({ description: 'Airtime: the amount asked; data: null (the plan sets it)' }),
  price: ZNaira.nullable().meta({ description: 'What the order was charged, once placed' }),
  status: z.enum(BULK_ROW_STATUSES).meta({
    description:
      'queued: not placed yet; pending: charged, awaiting the provider; delivered; failed (refunded, or never charged: see message)',
  }),
  charged: z.boolean().meta({ description: 'Whether an order was placed and charged for this row' }),
  message: z.string().nullable(),
});
export type TBulkRow = z.infer<typeof ZBulkRow>;

export const ZBulkPurchase = z.object({
  id: z.uuid(),
  status: z.enum(['processing', 'done']).meta({ description: 'done once no row is queued or pending' }),
  createdAt: z.string(),
  counts: z.object({
    total: z.number(),
    queued: z.number(),
    pending: z.number(),
    delivered: z.number(),
    failed: z.number(),
  }),
  totalCharged: ZNaira.meta({ description: 'What the placed orders cost, refunds not deducted' }),
  rows: z.array(ZBulkRow),
});
export type TBulkPurchase = z.infer<typeof ZBulkPurchase>;

export const createBulkPurchase = defineEndpoint({
  method: 'POST',
  path: '/api/v1/agent/bulk-purchases',
  auth: 'agent',
  status: 201,
  tags: ['Purchases'],
  summary:
    'Buy airtime or data for up to 1,000 numbers with the transaction PIN: one order per row, placed in the background. The same clientKey again answers the same batch (200) and never pays twice.',
  body: ZBulkPurchaseRequest,
  data: ZBulkPurchase,
});

const ZBulkId = z.strictObject({ id: z.uuid('Bulk purchase not found') });

export const getBulkPurchase = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/bulk-purchases/:id',
  auth: 'agent',
  tags: ['Purchases'],
  summary: 'A bulk purchase and the state of each of its rows (another agent’s is a 404)',
  params: ZBulkId,
  data: ZBulkPurchase,
});

export const resellerCreateBatch = defineEndpoint({
  method: 'POST',
  path: '/api/v1/reseller/purchases/batch',
  auth: 'apiKey',
  status: 201,
  tags: ['Reseller API'],
  summary:
    'Buy airtime or data for up to 1,000 rows, each an order with its own requestId, placed in the background (201; poll GET /purchases/batch/{id}). The same rows again answer the same batch (200); a row whose requestId is already an order answers that order and is never charged twice.',
  body: ZResellerBatchRequest.meta({
    examples: [
      {
        rows: [
          { service: 'airtime', requestId: 'shop-20261122-0101', network: 'mtn', phone: '08031234567', amount: '200' },
          {
            service: 'data',
            requestId: 'shop-20261122-0102',
            network: 'glo',
            phone: '08051234567',
            planCode: 'glo-1gb-300',
          },
        ],
      },
    ],
  }),
  data: ZBulkPurchase,
});

export const resellerGetBatch = defineEndpoint({
  method: 'GET',
  path: '/api/v1/reseller/purchases/batch/:id',
  auth: 'apiKey',
  tags: ['Reseller API'],
  summary: 'One of your batches and the state of each row (another agent’s is a 404)',
  params: ZBulkId,
  data: ZBulkPurchase,
});
