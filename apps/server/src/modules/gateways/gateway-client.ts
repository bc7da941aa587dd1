import type { Gateway } from '../funding/gateway-events.js';

/** Who asks a gateway for a dedicated account: the agent, as the identity check names them. */
export interface KycSubject {
  userId: string;
  /** The agent's stable reference at the gateways: the same on every submit, so nothing is opened twice. */
  accountReference: string;
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
  idType: 'bvn' | 'nin';
  idNumber: string;
  /** A bank account linked to the BVN, for Paystack's customer identification (CBN bank code). */
  bankAccount?: { accountNumber: string; bankCode: string } | undefined;
  /** The gateway said (by webhook) that its identification of the customer succeeded. */
  identified?: boolean;
}

/** The gateway is checking the customer first and will say by webhook (Paystack's identification). */
export interface PendingIdentification {
  pending: true;
  /** The Paystack customer code the webhook will name. */
  providerReference: string;
}

/** A dedicated account the gateway opened (or had opened already) for the agent. */
export interface OpenedAccount {
  bankName: string;
  accountNumber: string;
  accountName: string;
  /** Monnify account reference or Paystack customer code: how the gateway's webhooks name the agent. */
  providerReference: string;
}

/** A transaction as the gateway's own API reports it. */
export interface VerifiedTransaction {
  reference: string;
  /** The gateway's status, as it says it (`PAID`, `success`...). */
  status: string;
  /** Paid and on a dedicated account: the only kind that is credited. */
  paid: boolean;
  /** Kobo. */
  amount: bigint;
  customerReference: string | undefined;
}

/** The gateway answered and said no (a name that does not match the BVN, an invalid NIN): its words. */
export class GatewayRefused extends Error {
  override name = 'GatewayRefused';
}

/** The gateway could not be asked (unreachable, timed out, 5xx, refused our credentials). */
export class GatewayUnreachable extends Error {
  override name = 'GatewayUnreachable';
}

export interface GatewayClient {
  gateway: Gateway;
  /**
   * Opens the agent's dedicated account, or fetches the one opened before under the same
   * reference; or, where the gateway must identify the customer first, asks for that.
   */
  openAccount(subject: KycSubject): Promise<OpenedAccount | PendingIdentification>;
  /** The transaction as the gateway knows it; undefined when it knows none under this reference. */
  verify(reference: string): Promise<VerifiedTransaction | undefined>;
}

/** One JSON call: a network failure, a timeout or an answer that is not JSON is GatewayUnreachable. */
export async function callJson(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: unknown; timeoutMs: number },
): Promise<{ status: number; body: Record<string, unknown> }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...init.headers,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(init.timeoutMs),
    });
  } catch (error) {
    throw new GatewayUnreachable(`${init.method} ${new URL(url).pathname}: ${(error as Error).message}`);
  }
  const text = await response.text();
  if (response.status >= 500)
    throw new GatewayUnreachable(`${init.method} ${new URL(url).pathname}: HTTP ${response.status}`);
  try {
    const body = JSON.parse(text) as unknown;
    if (!body || typeof body !== 'object') throw new Error('not an object');
    return { status: response.status, body: body as Record<string, unknown> };
  } catch {
    throw new GatewayUnreachable(`${init.method} ${new URL(url).pathname}: HTTP ${response.status}, not JSON`);
  }
}

/** The fee kept from a transfer of `gross` kobo: flat + bps, at most the cap, and never the whole transfer. */
export function gatewayFee(fee: { flat: bigint; bps: number; cap: bigint }, gross: bigint): bigint {
  let charged = fee.flat + (gross * BigInt(fee.bps)) / 10_000n;
  if (fee.cap > 0n && charged > fee.cap) charged = fee.cap;
  return charged >= gross ? gross - 1n : charged;
}

/** A gateway's JSON object, read defensively. */
export type Json = Record<string, unknown>;
/** A field as text: a string or number as it is, anything else the fallback. */
export const fieldText = (value: unknown, fallback: string): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;
/** A field as an object: anything else is an empty one. */
export const fieldObject = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});
