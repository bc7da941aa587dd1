import { z } from 'zod';
import { SERVICE_CATEGORIES } from '../catalog/services.js';
import { defineEndpoint } from '../endpoint.js';
import { ZIdParams } from '../envelope.js';
import { ZNaira } from '../money.js';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from './transaction.js';

/**
 * What a printed or shared receipt shows, for any transaction. For a purchase, `faceValue`
 * is what the customer got (show it to the customer) and `amount` what the agent's wallet
 * paid; other transactions have `faceValue` null.
 */
export const ZReceipt = z.object({
  /** BRAND_NAME of the provider. */
  brandName: z.string(),
  transactionId: z.string(),
  reference: z.string(),
  /** When it happened (ISO, UTC). */
  date: z.string(),
  transactionType: z.enum(TRANSACTION_TYPES),
  direction: z.enum(['credit', 'debit']),
  status: z.enum(TRANSACTION_STATUSES),
  /** "MTN Airtime VTU", "Wallet funding", ... */
  title: z.string(),
  description: z.string(),
  /** Service category of a purchase or refund; null otherwise. */
  service: z.enum(SERVICE_CATEGORIES).nullable(),
  /** The product bought ("DStv Compact", "Ikeja Electric prepaid"); null when not a purchase. */
  productName: z.string().nullable(),
  /** Phone, meter or smartcard number, or JAMB profile ID, served. */
  recipient: z.string().nullable(),
  /** The customer's phone given with the purchase. */
  phone: z.string().nullable(),
  quantity: z.number().int().nullable(),
  amount: ZNaira,
  faceValue: ZNaira.nullable(),
  /** Funding: the charge kept by the provider (the amount is what reached the wallet). */
  fee: ZNaira.nullable(),
  /** The purchase's client requestId. */
  requestId: z.string().nullable(),
  /** Electricity token and units, the customer name on a meter or smartcard. */
  token: z.string().nullable(),
  units: z.string().nullable(),
  customerName: z.string().nullable(),
  customerAddress: z.string().nullable(),
  /** Exam PINs and their serial numbers. */
  cards: z.array(z.object({ serial: z.string(), pin: z.string() })),
  /** A PIN sold without a serial (JAMB's), for the candidate whose profile ID is the recipient. */
  pin: z.string().nullable(),
});
export type TReceipt = z.infer<typeof ZReceipt>;

export const getReceipt = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/transactions/:id/receipt',
  auth: 'agent',
  tags: ['Transactions'],
  summary: 'What the receipt of a transaction shows (another agent’s id is 404)',
  params: ZIdParams,
  data: ZReceipt,
});
