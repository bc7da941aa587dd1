import Chip from '@mui/material/Chip';
import { statusWord } from '../../components/status-chip';

const BORDER: Record<string, string> = {
  delivered: 'success.main',
  pending: 'warning.main',
  failed: 'error.main',
  alert: 'error.main',
};

/**
 * An order's state in the agent's word (never colour alone): the colour on the border only, so
 * the word keeps the text's contrast in the console's light and dark themes.
 */
export function OrderStateChip({ status }: { status: 'pending' | 'delivered' | 'failed' | 'alert' }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={status === 'alert' ? 'Alert' : status === 'failed' ? 'Refunded' : statusWord(status)}
      sx={{ color: 'text.primary', borderColor: BORDER[status], borderWidth: 2 }}
    />
  );
}
