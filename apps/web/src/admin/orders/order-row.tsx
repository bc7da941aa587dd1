import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { DateTime } from '../../components/date-time';
import { formatNaira } from '../../lib/money';
import type { TOrderRow } from '../api/orders';
import { SERVICE_LABELS } from './order-filters';
import { OrderStateChip } from './order-state-chip';

/** One order of the list: time, reference, agent, service, recipient, amount, state; its page behind the link. */
export function OrderRow({ order }: { order: TOrderRow }) {
  return (
    <Paper component="article" variant="outlined" sx={{ p: 1.5 }} aria-label={`Order ${order.reference ?? order.id}`}>
      <Box
        sx={{
          display: 'grid',
          gap: 1,
          alignItems: 'center',
          gridTemplateColumns: {
            xs: '1fr auto',
            md: '150px minmax(0, 1.4fr) minmax(0, 1fr) minmax(0, 1.2fr) auto auto',
          },
        }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ gridColumn: { xs: '1', md: 'auto' } }}>
          <DateTime value={order.createdAt} />
        </Typography>
        <Box sx={{ gridColumn: { xs: '2', md: 'auto' }, gridRow: { xs: '1', md: 'auto' }, order: { md: 6 } }}>
          <OrderStateChip status={order.status} />
          {order.alert && (
            <Box component="span" sx={{ ml: 0.5 }}>
              <OrderStateChip status="alert" />
            </Box>
          )}
        </Box>
        <Box sx={{ minWidth: 0, gridColumn: { xs: '1 / -1', md: 'auto' } }}>
          <Link
            component={RouterLink}
            to={`/admin/orders/${encodeURIComponent(order.id)}`}
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {order.reference ?? order.id}
          </Link>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {order.productName}
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', gridColumn: { xs: '1 / -1', md: 'auto' } }}>
          Agent {order.username}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', gridColumn: { xs: '1 / -1', md: 'auto' } }}>
          {SERVICE_LABELS[order.service]} for {order.recipient}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600, gridColumn: { xs: '1 / -1', md: 'auto' } }}>
          {formatNaira(order.price)}
        </Typography>
      </Box>
    </Paper>
  );
}
