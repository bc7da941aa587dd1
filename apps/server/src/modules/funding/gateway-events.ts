import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseNairaToKobo } from '@agentdesk/contract/money';

export type Gateway = 'paystack' | 'monnify';

/** A payment into an agent's virtual account, as read from a verified gateway event. */
export interface GatewayPayment {
  reference: string;
  /** Kobo. */
  amount: bigint;
  /** How the gateway names the agent: Paystack customer code or Monnify account reference. */
  customerReference?: string | undefined;
  accountNumber?: string | undefined;
}

/** Constant-time check of a hex HMAC-SHA512 of the raw body (both gateways sign this way). */
export function verifySignature(secret: string, rawBody: Buffer, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = createHmac('sha512', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});
const str = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);

/** Paystack `charge.success` on a dedicated NUBAN; amounts arrive in kobo. Anything else is not a payment. */
export function readPaystackPayment(body: unknown): GatewayPayment | undefined {
  const event = obj(body);
  const data = obj(event.data);
  const authorization = obj(data.authorization);
  if (event.event !== 'charge.success' || data.status !== 'success') return undefined;
  if (authorization.channel !== 'dedicated_nuban' && data.channel !== 'dedicated_nuban') return undefined;
  const reference = str(data.reference);
  const amount = typeof data.amount === 'number' && Number.isSafeInteger(data.amount) ? BigInt(data.amount) : undefined;
  if (!reference || amount === undefined || amount <= 0n) return undefined;
  return {
    reference,
    amount,
    customerReference: str(obj(data.customer).customer_code),
    accountNumber: str(authorization.receiver_bank_account_number),
  };
}

/** Monnify `SUCCESSFUL_TRANSACTION` on a reserved account; amounts arrive in naira. */
export function readMonnifyPayment(body: unknown): GatewayPayment | undefined {
  const event = obj(body);
  const data = obj(event.eventData);
  const product = obj(data.product);
  if (
    event.eventType !== 'SUCCESSFUL_TRANSACTION' ||
    product.type !== 'RESERVED_ACCOUNT' ||
    data.paymentStatus !== 'PAID'
  ) {
    return undefined;
  }
  const reference = str(data.transactionReference);
  const paid =
    typeof data.amountPaid === 'number' || typeof data.amountPaid === 'string' ? String(data.amountPaid) : '';
  const amount = parseNairaToKobo(paid);
  if (!reference || amount === null || amount <= 0n) return undefined;
  return { reference, amount, customerReference: str(product.reference) };
}

/** What an operator needs to tell whose a stored payment is: the account paid into, the customer, the payer. */
export interface GatewayPaymentParties {
  accountNumber: string | null;
  customerReference: string | null;
  payerName: string | null;
}

/** Reads the parties from a stored event's payload, defensively: a field the gateway left out is null. */
export function readPaymentParties(gateway: Gateway, payload: unknown): GatewayPaymentParties {
  const event = obj(payload);
  if (gateway === 'paystack') {
    const data = obj(event.data);
    const authorization = obj(data.authorization);
    const customer = obj(data.customer);
    const customerName = [str(customer.first_name), str(customer.last_name)].filter(Boolean).join(' ');
    return {
      accountNumber: str(authorization.receiver_bank_account_number) ?? null,
      customerReference: str(customer.customer_code) ?? null,
      payerName: str(authorization.sender_name) ?? (customerName || null),
    };
  }
  const data = obj(event.eventData);
  const sources = Array.isArray(data.paymentSourceInformation) ? data.paymentSourceInformation : [];
  return {
    accountNumber: str(obj(data.destinationAccountInformation).accountNumber) ?? null,
    customerReference: str(obj(data.product).reference) ?? null,
    payerName: str(obj(sources[0]).accountName) ?? str(obj(data.customer).name) ?? null,
  };
}
