import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DateTime } from '../../components/date-time';
import type { TOrderPage } from '../api/orders';

const DOT: Record<TOrderPage['timeline'][number]['kind'], string> = {
  created: 'text.secondary',
  paid: 'info.main',
  requeried: 'info.main',
  delivered: 'success.main',
  refunded: 'warning.main',
  alert: 'error.main',
  operator: 'secondary.main',
};

/** An order's life, oldest first: each moment's time, what happened and its detail. */
export function OrderTimeline({ events }: { events: TOrderPage['timeline'] }) {
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {events.map((event, index) => (
        <Box
          component="li"
          key={`${event.at}-${index}`}
          sx={{ position: 'relative', pl: 3, pb: 1.5, borderLeft: 2, borderColor: 'divider', ml: 0.75 }}
        >
          <Box
            aria-hidden="true"
            sx={{
              position: 'absolute',
              left: -7,
              top: 4,
              width: 12,
              height: 12,
              borderRadius: '50%',
              bgcolor: DOT[event.kind],
            }}
          />
          <Typography variant="body2" color="text.secondary">
            <DateTime value={event.at} />
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>{event.title}</Typography>
          {event.detail && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {event.detail}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
