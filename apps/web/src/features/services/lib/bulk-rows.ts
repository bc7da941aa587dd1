import { normalizeNigerianPhone } from '@agentdesk/contract/phone';
import { BULK_MAX_ROWS, type TBulkPurchase } from '@agentdesk/contract/purchases/bulk-purchase';
import type { TService } from '@agentdesk/contract/catalog/services';
import { checkAmount, discountedPrice, koboToNaira, toKobo } from './amount-rules';
import { guessNetwork, NETWORK_LABELS, type Network } from './network-prefix';

export type BulkService = 'airtime' | 'data';

/** One pasted or uploaded line, read. */
export interface DraftRow {
  /** Its place among the rows, from 0. */
  index: number;
  /** The number as written. */
  input: string;
  /** Normalised (`080...`), or null when it is not a Nigerian mobile number. */
  phone: string | null;
  /** The network its prefix suggests. */
  guessed: Network | null;
  /** The row's own amount, else the common one (airtime). */
  amount: string;
}

/** A row checked against the catalogue: what it would buy and cost, or why it cannot be bought. */
export interface CheckedRow extends DraftRow {
  network: Network | null;
  planCode: string | null;
  /** Naira strings, once it can be bought. */
  faceValue: string | null;
  price: string | null;
  problem: string | null;
}

/** The catalogue's service id of each network's airtime and data (9mobile is "etisalat" upstream). */
export const BULK_SERVICE_IDS: Record<BulkService, Record<Network, string>> = {
  airtime: { mtn: 'mtn', glo: 'glo', airtel: 'airtel', '9mobile': 'etisalat' },
  data: { mtn: 'mtn-data', glo: 'glo-data', airtel: 'airtel-data', '9mobile': 'etisalat-data' },
};

const HEADER = /phone|number|msisdn/i;

/**
 * Reads pasted text or a CSV file: one number per line, optionally followed by its amount
 * (`08031234567,500`, comma, semicolon or tab); a header line is skipped. Rows without an amount
 * take `commonAmount`.
 *
 * @example parseBulkText('08031234567\n08051234567,200', '100').map((r) => r.amount) // ['100', '200']
 */
export function parseBulkText(text: string, commonAmount: string): DraftRow[] {
  const rows: DraftRow[] = [];
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line === '') continue;
    const [first = '', second = ''] = line.split(/[,;\t]/).map((field) => field.trim().replace(/^"|"$/g, ''));
    if (rows.length === 0 && HEADER.test(first)) continue;
    const phone = normalizeNigerianPhone(first);
    rows.push({
      index: rows.length,
      input: first,
      phone,
      guessed: phone ? guessNetwork(phone) : null,
      amount: second !== '' ? second : commonAmount,
    });
  }
  return rows;
}

/**
 * Checks every row as the server will: the number, the network (guessed, or the agent's
 * choice), the amount within the service's limits or the plan chosen for the network, and the
 * same number bought twice for the same thing (the second is flagged).
 */
export function checkRows(
  rows: readonly DraftRow[],
  options: {
    service: BulkService;
    services: readonly TService[];
    overrides: Readonly<Record<number, Network>>;
    plans: Readonly<Partial<Record<Network, string>>>;
  },
): CheckedRow[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const network = options.overrides[row.index] ?? row.guessed;
    const checked: CheckedRow = { ...row, network, planCode: null, faceValue: null, price: null, problem: null };
    if (!row.phone) return { ...checked, problem: 'Not a Nigerian mobile number' };
    if (!network) return { ...checked, problem: 'Unknown network: choose it' };
    const service = options.services.find((item) => item.id === BULK_SERVICE_IDS[options.service][network]);
    const name = `${NETWORK_LABELS[network]} ${options.service}`;
    if (!service) return { ...checked, problem: `${name} is not available right now` };
    let sale: Pick<CheckedRow, 'planCode' | 'faceValue' | 'price'>;
    if (options.service === 'airtime') {
      const amountProblem = checkAmount(row.amount, service.minAmount, service.maxAmount);
      if (amountProblem) return { ...checked, problem: amountProblem };
      const naira = koboToNaira(toKobo(row.amount) ?? 0);
      sale = { planCode: null, faceValue: naira, price: discountedPrice(naira, service.discountPercent) };
    } else {
      const plan = service.variations.find((variation) => variation.code === options.plans[network]);
      if (!plan) return { ...checked, problem: `Choose the ${NETWORK_LABELS[network]} plan above` };
      sale = { planCode: plan.code, faceValue: plan.faceValue, price: plan.price };
    }
    const key = `${row.phone}|${sale.planCode ?? sale.faceValue}`;
    const first = seen.get(key);
    if (first !== undefined) return { ...checked, ...sale, problem: `Same as row ${first + 1}` };
    seen.set(key, row.index);
    return { ...checked, ...sale };
  });
}

/** What the rows that can be bought come to; the others are left out. */
export function bulkTotals(rows: readonly CheckedRow[]) {
  let face = 0;
  let price = 0;
  let valid = 0;
  for (const row of rows) {
    if (row.problem !== null) continue;
    valid++;
    face += toKobo(row.faceValue ?? '0') ?? 0;
    price += toKobo(row.price ?? '0') ?? 0;
  }
  return {
    valid,
    skipped: rows.length - valid,
    faceValue: koboToNaira(face),
    price: koboToNaira(price),
    tooMany: valid > BULK_MAX_ROWS,
  };
}

const cell = (value: string | number | boolean | null) => {
  const text = value === null ? '' : String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The batch's results as a CSV file: one line per row, in the order they were given. */
export function resultsCsv(batch: TBulkPurchase): string {
  const header = ['row', 'phone', 'network', 'amount', 'plan', 'status', 'charged', 'price', 'requestId', 'message'];
  const lines = batch.rows.map((row) =>
    [
      row.index + 1,
      row.phone,
      row.network,
      row.amount,
      row.planCode,
      row.status,
      row.charged ? 'yes' : 'no',
      row.price,
      row.requestId,
      row.message,
    ]
      .map(cell)
      .join(','),
  );
  return `${[header.join(','), ...lines].join('\n')}\n`;
}
