import Chip from '@mui/material/Chip';

/**
 * The one word agents read for each status, wherever it shows (history, detail, receipts, a
 * purchase's result): a delivered order is a successful transaction, never "Success" here,
 * "Delivered" there and the upstream's "TRANSACTION SUCCESSFUL" elsewhere.
 */
const WORDS: Record<string, string> = {
  success: 'Successful',
  delivered: 'Successful',
  pending: 'Pending',
  failed: 'Failed',
  refunded: 'Refunded',
  reversed: 'Reversed',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** A status in the agent's word; an unknown one is capitalised, never shouted. */
export function statusWord(status: string): string {
  return WORDS[status] ?? status.charAt(0).toUpperCase() + status.slice(1).toLowerCase();
}

const COLORS: Record<string, 'success' | 'warning' | 'error' | 'default' | 'info'> = {
  success: 'success',
  delivered: 'success',
  approved: 'success',
  pending: 'warning',
  failed: 'error',
  rejected: 'error',
  refunded: 'info',
  reversed: 'info',
};

/** A transaction's or a request's status, coloured, with its word (never colour alone). */
export function StatusChip({ status }: { status: string }) {
  return <Chip size="small" variant="outlined" color={COLORS[status] ?? 'default'} label={statusWord(status)} />;
}
