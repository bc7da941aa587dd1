import Avatar from '@mui/material/Avatar';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SouthWest from '@mui/icons-material/SouthWest';
import NorthEast from '@mui/icons-material/NorthEast';
import type { TTransaction } from '@agentdesk/contract/transactions/transaction';
import { formatDateTime } from '../../../components/date-time';
import { StatusChip } from '../../../components/status-chip';
import { formatNaira } from '../../../lib/money';

/** Credits read "+₦…", debits "−₦…": the sign is in the text, not only in the colour. */
export function signedAmount(transaction: Pick<TTransaction, 'amount' | 'direction'>): string {
  return `${transaction.direction === 'credit' ? '+' : '−'}${formatNaira(transaction.amount)}`;
}

export function TransactionRow({ transaction, onOpen }: { transaction: TTransaction; onOpen: () => void }) {
  const credit = transaction.direction === 'credit';
  return (
    <ListItem disablePadding divider>
      <ListItemButton onClick={onOpen} aria-haspopup="dialog" sx={{ gap: 1, alignItems: 'flex-start' }}>
        <ListItemAvatar sx={{ minWidth: 48, mt: 0.5 }}>
          {/* The row's direction, not the product's picture (`imageUrl`, on another origin): the
              dashboard loads no image from elsewhere (docs/decisions/028). */}
          <Avatar
            aria-hidden="true"
            sx={{
              bgcolor: credit ? 'success.light' : 'secondary.light',
              color: credit ? 'success.dark' : 'secondary.dark',
            }}
          >
            {credit ? <SouthWest /> : <NorthEast />}
          </Avatar>
        </ListItemAvatar>
        <ListItemText
          sx={{ minWidth: 0, my: 0.5 }}
          primary={transaction.name}
          secondary={
            <>
              <Typography component="span" variant="body2" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                {transaction.description}
              </Typography>
              <Typography component="span" variant="caption">
                {formatDateTime(transaction.createdAt)}
              </Typography>
            </>
          }
        />
        <Stack spacing={0.5} sx={{ alignItems: 'flex-end', flexShrink: 0, my: 0.5 }}>
          <Typography
            component="span"
            sx={{ fontWeight: 600, color: credit ? 'success.dark' : 'text.primary', whiteSpace: 'nowrap' }}
          >
            {signedAmount(transaction)}
          </Typography>
          <StatusChip status={transaction.status} />
        </Stack>
      </ListItemButton>
    </ListItem>
  );
}
