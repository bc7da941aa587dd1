import { parseNairaToKobo } from '@agentdesk/contract/money';
import {
  bareOutcome,
  type PayOutcome,
  type UpstreamService,
  type UpstreamVariation,
  type VerifyResult,
} from '../upstream.js';
import { verdictOf, VTPASS_CODES, type Call } from './vtpass-codes.js';

type Json = Record<string, unknown>;
const obj = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null;

/** Naira as a string or a number ("1850.00", 1850, "1,850") to kobo; null when it is not money. */
export function nairaToKobo(value: unknown): bigint | null {
  const raw = text(value)?.replace(/,/g, '');
  if (!raw) return null;
  // Numbers arrive as JSON numbers: normalise to at most two decimals by text, never by arithmetic.
  const match = /^(\d+)(?:\.(\d+))?$/.exec(raw);
  if (!match) return null;
  return parseNairaToKobo(`${match[1]}${match[2] ? `.${match[2].slice(0, 2)}` : ''}`);
}

/** "Token : 2636 2054 ..." or "2636-2054..." to the 20 digits, grouped by four. */
export function cleanToken(value: unknown): string | null {
  const raw = text(value);
  if (!raw) return null;
  const digits = raw.replace(/^.*?token\s*:?\s*/i, '').replace(/\D/g, '');
  if (digits.length < 16) return null;
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function unexpectedOutcome(code: 'timeout' | 'no-response' | 'unexpected', message: string): PayOutcome {
  return bareOutcome('unknown', code, message);
}

/** Exam cards from `cards: [{Serial, Pin}]`, or from "Serial No:X, pin: Y" in purchased_code. */
function readCards(body: Json): Array<{ serial: string; pin: string }> {
  const cards = Array.isArray(body.cards) ? body.cards : [];
  const fromArray = cards
    .map((card) => obj(card))
    .map((card) => ({ serial: text(card.Serial ?? card.serial), pin: text(card.Pin ?? card.pin) }))
    .filter((card): card is { serial: string; pin: string } => card.serial !== null && card.pin !== null);
  if (fromArray.length > 0) return fromArray;
  const code = text(body.purchased_code) ?? '';
  return [...code.matchAll(/serial\s*no\s*:?\s*([A-Za-z0-9]+)\s*,?\s*pin\s*:?\s*([A-Za-z0-9]+)/gi)].map((m) => ({
    serial: m[1]!,
    pin: m[2]!,
  }));
}

/** What a verify that never got its answer means: try again; nothing is known about the number. */
export const BILLER_UNREACHABLE: VerifyResult = {
  ok: false,
  reason: 'unreachable',
  message: 'The biller could not be reached. Try again.',
};

/**
 * A merchant-verify answer: `000` or `020` (biller confirmed) with the customer, unless the
 * content says the number is wrong (a `000` can: `WrongBillersCode`, `error`); `030` (or no
 * code) is a biller that cannot be reached, to try again; any other code a refused number.
 */
export function readVerifyResponse(payload: unknown): VerifyResult {
  const body = obj(payload);
  const content = obj(body.content);
  const code = text(body.code);
  // No code at all (an answer we cannot read) says nothing about the number: try again.
  if (code === null || code === '030') return BILLER_UNREACHABLE;
  if ((code !== '000' && code !== '020') || content.WrongBillersCode === true || typeof content.error === 'string') {
    const message = typeof content.error === 'string' ? content.error : 'The number was not recognised by the biller';
    return { ok: false, reason: 'invalid', message };
  }
  const details: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(content)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      details[key] = value as string | number | boolean | null;
  }
  const customerName = typeof content.Customer_Name === 'string' ? content.Customer_Name.trim() : '';
  return { ok: true, customerName, details };
}

/**
 * A PIN sold without a serial (JAMB): `Pin`, or "Pin : 3675..." in purchased_code. Exam cards
 * with serials are `cards`, not this.
 */
function readPin(body: Json): string | null {
  const field = text(body.Pin ?? body.pin);
  if (field) return field.replace(/^pin\s*:?\s*/i, '');
  const code = text(body.purchased_code) ?? '';
  if (/serial/i.test(code)) return null;
  return /^\s*pin\s*:?\s*([A-Za-z0-9-]+)\s*$/i.exec(code)?.[1] ?? null;
}

/**
 * A pay or requery answer, read defensively (numbers as strings, misspelt keys, token
 * prefixes), with its verdict for the order: `call` says which of the two it answers.
 */
export function readPayResponse(payload: unknown, call: Call): PayOutcome {
  const body = obj(payload);
  const code = text(body.code);
  if (!code) return unexpectedOutcome('unexpected', 'The upstream answered without a code');
  const meaning = VTPASS_CODES[code];
  const content = obj(body.content);
  const transaction = obj(content.transactions);
  const verdict = verdictOf(meaning, call, transaction.status);
  const token =
    cleanToken(body.token) ??
    cleanToken(body.mainToken) ??
    cleanToken(body.Token) ??
    (/token/i.test(text(body.purchased_code) ?? '') ? cleanToken(body.purchased_code) : null);
  return {
    verdict,
    code,
    message: text(body.response_description) ?? meaning?.message ?? `Unknown upstream code ${code}`,
    upstreamTransactionId: text(transaction.transactionId),
    amountCharged: nairaToKobo(transaction.total_amount),
    token,
    units: text(body.units) ?? text(body.mainTokenUnits) ?? text(body.PurchasedUnits),
    purchasedCode: text(body.purchased_code),
    cards: readCards(body),
    pin: readPin(body),
    customerName: text(body.customerName) ?? text(body.CustomerName),
    customerAddress: text(body.customerAddress) ?? text(body.CustomerAddress),
  };
}

export function readServices(payload: unknown): UpstreamService[] {
  const content = obj(payload).content;
  return (Array.isArray(content) ? content : []).map(obj).flatMap((service) => {
    const serviceId = text(service.serviceID);
    if (!serviceId) return [];
    return [
      {
        serviceId,
        name: text(service.name) ?? serviceId,
        // The upstream's own spelling: "minimium".
        minimumAmount: nairaToKobo(service.minimium_amount ?? service.minimum_amount),
        maximumAmount: nairaToKobo(service.maximum_amount),
        productType: text(service.product_type) === 'flexible' ? ('flexible' as const) : ('fix' as const),
        image: text(service.image),
      },
    ];
  });
}

export function readVariations(payload: unknown): UpstreamVariation[] {
  const content = obj(obj(payload).content);
  // Sent twice, once misspelt; either will do.
  const list = Array.isArray(content.variations)
    ? content.variations
    : Array.isArray(content.varations)
      ? content.varations
      : [];
  return list.map(obj).flatMap((variation) => {
    const code = text(variation.variation_code);
    const amount = nairaToKobo(variation.variation_amount);
    if (!code || amount === null) return [];
    return [
      {
        code,
        name: text(variation.name) ?? code,
        amount,
        fixedPrice: text(variation.fixedPrice)?.toLowerCase() === 'yes',
      },
    ];
  });
}
