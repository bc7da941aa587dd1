import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../components/date-time';

/**
 * A broadcast as an agent will see it in their notifications panel, unread: the same parts and
 * styles as the panel's item (features/notifications/components/notifications-panel.tsx), drawn
 * here rather than imported so that the console's chunk does not share a module with the
 * agent's screens (admin-console.tsx says why). Change both together.
 */
export function NotificationPreview({ title, body, now }: { title: string; body: string; now: string }) {
  return (
    <Paper variant="outlined" sx={{ maxWidth: 400 }}>
      <Typography
        component="p"
        variant="subtitle1"
        sx={{ fontWeight: 600, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        Notifications
      </Typography>
      <List disablePadding aria-label="Preview of the notification">
        <ListItem divider sx={{ display: 'block', py: 1.5 }}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'baseline' }}>
            <Box
              aria-hidden="true"
              sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'error.main', flexShrink: 0 }}
            />
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {title.trim() || 'The title shows here'}
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {body.trim() || 'The message shows here.'}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatDateTime(now)}
          </Typography>
        </ListItem>
      </List>
    </Paper>
  );
}
