import { parseNairaToKobo } from '@agentdesk/contract/money';
import { bareOutcome, type PayOutcome, type UpstreamVariation, type VerifyResult } from '../upstream.js';
import { normaliseToken, STATUS_CODES, TOKENS, verdictOf, type AnswerKind, type Call } from './clubkonnect-codes.js';

type Json = Record<string, unknown>;
export const obj = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
export const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null;

/** The first of several spellings a field is reported under. */
function field(body: Json, ...names: string[]): string | null {
  for (const name of names) {
    const value = text(body[name]);
    if (value !== null) return value;
  }
  return null;
}

/** Naira as a string or a number ("1850.00", 1850, "1,850") to kobo; null when it is not money. */
export function koboOf(value: unknown): bigint | null {
  const raw = text(value)?.replace(/,/g, '');
  if (!raw) return null;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(raw);
  if (!match) return null;
  return parseNairaToKobo(`${match[1]}${match[2] ? `.${match[2].slice(0, 2)}` : ''}`);
}

/** A prepaid token ("1234-5678-…", "Token: 1234 5678 …") as its digits grouped by four. */
export function cleanToken(value: unknown): string | null {
  const digits = (text(value) ?? '').replace(/\D/g, '');
  if (digits.length < 16) return null;
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Exam cards from `carddetails`: "Serial No:WRN…, pin: 5728…", one or several. */
function readCards(details: string): Array<{ serial: string; pin: string }> {
  return [
    ...details.matchAll(/serial\s*(?:no)?\s*[:.]?\s*([A-Za-z0-9]+)\s*[,;]?\s*pin\s*[:.]?\s*([A-Za-z0-9-]+)/gi),
  ].map((m) => ({ serial: m[1]!, pin: m[2]! }));
}

/** A PIN sold without a serial (JAMB): "pin: 1234…" or the bare digits. */
function readPin(details: string): string | null {
  if (/serial/i.test(details)) return null;
  return /^\s*(?:pin\s*[:.]?\s*)?([A-Za-z0-9-]{6,})\s*$/i.exec(details)?.[1] ?? null;
}

/** What an answer's status words and code say, before the call it answers is known. */
function kindOf(body: Json): { kind: AnswerKind; code: string; message: string } | null {
  const remark = field(body, 'remark', 'orderremark', 'Remark');
  const statusCode = field(body, 'statuscode', 'StatusCode', 'status_code');
  if (statusCode !== null) {
    const meaning = STATUS_CODES[statusCode];
    return {
      // An undocumented code is not an answer we may settle on.
      kind: meaning?.kind ?? 'processing',
      code: statusCode,
      message: remark ?? meaning?.remark ?? `Undocumented status code ${statusCode}`,
    };
  }
  const words = [body.status, body.orderstatus, body.remark, body.orderremark, body.Status]
    .map(text)
    .filter((word): word is string => word !== null);
  if (words.length === 0) return null;
  const token = words.map(normaliseToken).find((word) => word in TOKENS);
  if (token) return { kind: TOKENS[token]!, code: token, message: token };
  // ORDER_RECEIVED, ORDER_PROCESSING, TXN_HISTORY, ORDER_COMPLETED without its code...: not final.
  return { kind: 'processing', code: normaliseToken(words[0]!), message: words.join(' ') };
}

/**
 * A purchase's or a query's answer, read defensively (numbers as strings, several spellings of a
 * field, both `status` and `orderstatus`), with its verdict for the order: `call` says which of
 * the two it answers.
 */
export function readOrderAnswer(payload: unknown, call: Call): PayOutcome {
  const body = obj(payload);
  const meaning = kindOf(body);
  if (!meaning) return bareOutcome('unknown', 'unexpected', 'The upstream answered without a status');
  const orderId = field(body, 'orderid', 'OrderID', 'orderID', 'order_id');
  const cardDetails = field(body, 'carddetails', 'CardDetails', 'pins');
  const meterToken = field(body, 'metertoken', 'MeterToken', 'token', 'Token');
  return {
    verdict: verdictOf(meaning.kind, call, orderId !== null),
    code: meaning.code,
    message: meaning.message,
    upstreamTransactionId: orderId,
    amountCharged: koboOf(field(body, 'amountcharged', 'amount_charged', 'AmountCharged')),
    token: cleanToken(meterToken),
    units: field(body, 'units', 'Units', 'unit'),
    purchasedCode: cardDetails ?? meterToken,
    cards: cardDetails ? readCards(cardDetails) : [],
    pin: cardDetails ? readPin(cardDetails) : null,
    customerName: field(body, 'customer_name', 'customername', 'CustomerName'),
    customerAddress: field(body, 'address', 'customer_address', 'Address'),
  };
}

/** What a verify that never got a readable answer means: try again; nothing is known of the number. */
export const UNREACHABLE: VerifyResult = {
  ok: false,
  reason: 'unreachable',
  message: 'The biller could not be reached. Try again.',
};

/**
 * A verify answer: `customer_name` holds the name, or, for a number the biller refuses, a token
 * starting `INVALID_` (INVALID_SMARTCARDNO, INVALID_METERNO, INVALID_ACCOUNTNO). No name at all
 * (a refusal of the provider's account, an answer we cannot read) says nothing of the number.
 */
export function readVerifyAnswer(payload: unknown, numberName: string): VerifyResult {
  const body = obj(payload);
  const name = field(body, 'customer_name', 'Customer_Name', 'customerName');
  if (name === null) return UNREACHABLE;
  if (/^INVALID_/i.test(name)) {
    return { ok: false, reason: 'invalid', message: `The ${numberName} was not recognised by the biller` };
  }
  const details: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      details[key] = value as string | number | boolean | null;
  }
  // The catalogue's lookups read the first upstream's key for a meter's address.
  const address = field(body, 'address', 'customer_address', 'Address');
  if (address !== null) details.Address = address;
  return { ok: true, customerName: name, details };
}

/** The wallet balance in kobo, under whichever spelling it comes. */
export function readBalance(payload: unknown): bigint | null {
  const body = obj(payload);
  return koboOf(field(body, 'balance', 'Balance', 'BALANCE', 'walletbalance'));
}

/**
 * Every object in a tree, each with the names of the keys and `ID`s above it (nearest last):
 * Clubkonnect's catalogues nest products under network, disco or TV keys whose exact shape no
 * source confirms, so each is read by what the objects carry, wherever they sit.
 */
function* objectsIn(
  value: unknown,
  context: readonly string[] = [],
): Generator<{ node: Json; context: readonly string[] }> {
  if (Array.isArray(value)) {
    for (const item of value) yield* objectsIn(item, context);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const node = value as Json;
  yield { node, context };
  const id = text(node.ID ?? node.id);
  const here = id ? [...context, id] : context;
  for (const [key, child] of Object.entries(node)) {
    if (child && typeof child === 'object') yield* objectsIn(child, [...here, key]);
  }
}

/** The data plans of one network (`MobileNetwork` code), from APIDatabundlePlansV2.asp. */
export function readDataPlans(payload: unknown, networkCode: string): UpstreamVariation[] {
  const plans: UpstreamVariation[] = [];
  for (const { node, context } of objectsIn(payload)) {
    const code = text(node.PRODUCT_ID);
    const amount = koboOf(node.PRODUCT_AMOUNT);
    if (!code || amount === null) continue;
    // The nearest network name or ID above the plan decides whose it is.
    const owner = [...context].reverse().find((name) => networkCodeOf(name) !== null);
    if (!owner || networkCodeOf(owner) !== networkCode) continue;
    plans.push({ code, name: text(node.PRODUCT_NAME) ?? code, amount, fixedPrice: true });
  }
  return plans;
}

/** The `MobileNetwork` code a key or ID names (`MTN`, `m_9mobile`, `01`...); null when none. */
function networkCodeOf(name: string): string | null {
  if (/^0[1-4]$/.test(name)) return name;
  switch (name.toLowerCase()) {
    case 'mtn':
      return '01';
    case 'glo':
      return '02';
    case '9mobile':
    case 'm_9mobile':
    case 'etisalat':
    case 't2mobile':
      return '03';
    case 'airtel':
      return '04';
    default:
      return null;
  }
}

/** One TV's packages (`CableTV` code: dstv, gotv, startimes), from APICableTVPackagesV2.asp. */
export function readCablePackages(payload: unknown, cableTv: string): UpstreamVariation[] {
  const packages: UpstreamVariation[] = [];
  for (const { node, context } of objectsIn(payload)) {
    const code = text(node.PACKAGE_ID ?? node.PRODUCT_ID);
    const amount = koboOf(node.PACKAGE_AMOUNT ?? node.PRODUCT_AMOUNT);
    if (!code || amount === null) continue;
    const owner = [...context].reverse().find((name) => ['dstv', 'gotv', 'startimes'].includes(name.toLowerCase()));
    if (owner?.toLowerCase() !== cableTv) continue;
    packages.push({ code, name: text(node.PACKAGE_NAME ?? node.PRODUCT_NAME) ?? code, amount, fixedPrice: true });
  }
  return packages;
}

/** The TVs a package list has packages for. */
export function cableTvsIn(payload: unknown): Set<string> {
  const found = new Set<string>();
  for (const tv of ['dstv', 'gotv', 'startimes']) if (readCablePackages(payload, tv).length > 0) found.add(tv);
  return found;
}

export interface Disco {
  code: string;
  name: string | null;
  minimum: bigint | null;
  maximum: bigint | null;
}

/** The discos and their bounds, from APIElectricityDiscosV1.asp. */
export function readDiscos(payload: unknown): Disco[] {
  const discos = new Map<string, Disco>();
  for (const { node } of objectsIn(payload)) {
    const code = text(node.ID);
    if (!code || !/^\d{2}$/.test(code) || !(node.NAME || node.PRODUCT)) continue;
    const products = [...objectsIn(node.PRODUCT)].map(({ node: product }) => product);
    const minimums = products.map((p) => koboOf(p.MINIMUM_AMOUNT ?? p.MINIMUM)).filter((v) => v !== null);
    const maximums = products.map((p) => koboOf(p.MAXIMUM_AMOUNT ?? p.MAXIMUM)).filter((v) => v !== null);
    discos.set(code, {
      code,
      name: text(node.NAME),
      minimum: minimums.length > 0 ? minimums.reduce((a, b) => (a < b ? a : b)) : null,
      maximum: maximums.length > 0 ? maximums.reduce((a, b) => (a > b ? a : b)) : null,
    });
  }
  return [...discos.values()];
}

/** Exam PINs and their prices, from APIWAECPackagesV2.asp or APIJAMBPackagesV2.asp. */
export function readExamPackages(payload: unknown): UpstreamVariation[] {
  const packages: UpstreamVariation[] = [];
  for (const { node } of objectsIn(payload)) {
    const code = text(node.PRODUCT_CODE ?? node.EXAMTYPE ?? node.ExamType);
    const amount = koboOf(node.PRODUCT_AMOUNT);
    if (!code || amount === null) continue;
    packages.push({
      code,
      name: text(node.PRODUCT_DESCRIPTION ?? node.PRODUCT_NAME) ?? code,
      amount,
      fixedPrice: true,
    });
  }
  return packages;
}
