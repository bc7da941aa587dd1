import type { TReceipt } from '@agentdesk/contract/transactions/receipt';
import { formatDateTime } from '../../../components/date-time';
import { statusWord as sharedStatusWord } from '../../../components/status-chip';
import { formatNaira } from '../../../lib/money';

export type ReceiptLine = readonly [label: string, value: string];

const SERVICE_NAMES: Record<NonNullable<TReceipt['service']>, string> = {
  airtime: 'Airtime',
  data: 'Data',
  electricity: 'Electricity',
  cable: 'Cable TV',
  'result-checker': 'Exam PIN',
};

/** What the recipient number is, in the words of each service. */
const RECIPIENT_LABELS: Record<NonNullable<TReceipt['service']>, string> = {
  airtime: 'Phone number',
  data: 'Phone number',
  electricity: 'Meter number',
  cable: 'Smartcard number',
  'result-checker': 'Phone number',
};

/** An exam PIN sold to someone other than the phone is JAMB's, sold to the candidate's profile ID. */
function recipientLabel(receipt: TReceipt): string {
  if (!receipt.service) return 'Recipient';
  if (receipt.service === 'result-checker' && receipt.phone !== null && receipt.recipient !== receipt.phone)
    return 'Profile ID';
  return RECIPIENT_LABELS[receipt.service];
}

const TYPE_TITLES: Record<TReceipt['transactionType'], string> = {
  purchase: 'Payment receipt',
  funding: 'Wallet funding receipt',
  refund: 'Refund receipt',
  commission: 'Commission receipt',
  referral_bonus: 'Referral bonus receipt',
  adjustment: 'Wallet adjustment receipt',
};

export function receiptHeading(receipt: TReceipt): string {
  return TYPE_TITLES[receipt.transactionType];
}

export function statusWord(status: TReceipt['status']): string {
  return sharedStatusWord(status);
}

/** A prepaid token as meters and receipts show it: groups of four digits. */
export function groupToken(token: string): string {
  return token.replace(/\s/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * The receipt's label–value rows, in the order a customer reads them. The token and PINs are
 * drawn apart (large); here they are absent. A purchase shows its face value, what the customer
 * got: the agent's own price is their business, not the customer's.
 */
export function receiptLines(receipt: TReceipt): ReceiptLine[] {
  const lines: ReceiptLine[] = [
    ['Date', formatDateTime(receipt.date)],
    ['Reference', receipt.reference],
  ];
  if (receipt.service) lines.push(['Service', SERVICE_NAMES[receipt.service]]);
  if (receipt.productName) lines.push(['Product', receipt.productName]);
  if (receipt.recipient) lines.push([recipientLabel(receipt), receipt.recipient]);
  if (receipt.customerName) lines.push(['Customer', receipt.customerName]);
  if (receipt.customerAddress) lines.push(['Address', receipt.customerAddress]);
  if (receipt.phone && receipt.phone !== receipt.recipient) lines.push(['Customer phone', receipt.phone]);
  if (receipt.quantity !== null && receipt.quantity > 1) lines.push(['Quantity', String(receipt.quantity)]);
  // With a token, the units stand beside it; without (a postpaid bill), they are a line of their own.
  if (receipt.units && !receipt.token) lines.push(['Units', receipt.units]);
  if (receipt.transactionType === 'purchase' && receipt.faceValue !== null) {
    lines.push(['Amount', formatNaira(receipt.faceValue)]);
  } else {
    lines.push(['Amount', formatNaira(receipt.amount)]);
    if (receipt.fee !== null && Number(receipt.fee) > 0) lines.push(['Charge', formatNaira(receipt.fee)]);
  }
  lines.push(['Status', statusWord(receipt.status)]);
  return lines;
}

/** The file a receipt image is saved as: its reference, safe for any file system. */
export function receiptFileName(receipt: Pick<TReceipt, 'reference'>): string {
  return `receipt-${receipt.reference.replace(/[^A-Za-z0-9_-]+/g, '-')}.png`;
}
