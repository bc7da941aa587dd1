import Chip from '@mui/material/Chip';

const COLORS: Record<string, 'success' | 'warning' | 'error' | 'default' | 'info'> = {
  success: 'success',
  approved: 'success',
  pending: 'warning',
  failed: 'error',
  rejected: 'error',
  reversed: 'info',
};

/** A transaction's or a request's status, coloured, with its word (never colour alone). */
export function StatusChip({ status }: { status: string }) {
  const label = status.charAt(0).toUpperCase() + status.slice(1);
  return <Chip size="small" variant="outlined" color={COLORS[status] ?? 'default'} label={label} />;
}
