import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TWebhookDelivery } from '@agentdesk/contract/api/webhooks';
import { DateTime } from '../../../components/date-time';

const STATUS = {
  delivered: { label: 'Delivered', color: 'success' },
  pending: { label: 'Retrying', color: 'warning' },
  failed: { label: 'Failed', color: 'error' },
} as const;

const EVENT_LABEL: Record<TWebhookDelivery['eventType'], string> = {
  'purchase.delivered': 'Purchase delivered',
  'purchase.failed': 'Purchase failed',
  'catalog.updated': 'Prices changed',
  test: 'Test event',
};

export function DeliveryStatusChip({ delivery }: { delivery: TWebhookDelivery }) {
  const { label, color } = STATUS[delivery.status];
  // A pending delivery not yet tried is waiting, not retrying.
  const shown = delivery.status === 'pending' && delivery.attempts === 0 ? 'Queued' : label;
  return <Chip size="small" variant="outlined" color={color} label={shown} />;
}

/**
 * The delivery log: a table that scrolls sideways inside its own focusable region on a
 * narrow phone, so the page itself never does.
 */
export function DeliveryLog({ deliveries }: { deliveries: TWebhookDelivery[] }) {
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label="Delivery log"
      tabIndex={0}
      sx={{ overflowX: 'auto', '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
    >
      <Table size="small" aria-label="Webhook deliveries" sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell>Event</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">HTTP</TableCell>
            <TableCell align="right">Attempts</TableCell>
            <TableCell>Next attempt</TableCell>
            <TableCell>Time</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {deliveries.map((delivery) => (
            <TableRow key={delivery.id} data-testid="delivery-row">
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {EVENT_LABEL[delivery.eventType]}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                  {delivery.eventId}
                </Typography>
              </TableCell>
              <TableCell>
                <DeliveryStatusChip delivery={delivery} />
                {delivery.lastError && delivery.status !== 'delivered' && (
                  <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5, maxWidth: 220 }}>
                    {delivery.lastError}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">{delivery.lastStatusCode ?? '—'}</TableCell>
              <TableCell align="right">{delivery.attempts}</TableCell>
              <TableCell>{delivery.nextAttemptAt ? <DateTime value={delivery.nextAttemptAt} /> : '—'}</TableCell>
              <TableCell>
                <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                  <DateTime value={delivery.deliveredAt ?? delivery.createdAt} />
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
