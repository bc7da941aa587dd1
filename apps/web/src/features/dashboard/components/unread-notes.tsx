import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TNotification } from '@agentdesk/contract/notifications/notification';
import { formatDateTime } from '../../../components/date-time';

/** The unread notifications, newest first (a few), and the way to clear them. */
export function UnreadNotes({
  unread,
  notes,
  onMarkAllRead,
  marking,
}: {
  unread: number;
  notes: readonly TNotification[];
  onMarkAllRead: () => void;
  marking: boolean;
}) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="unread-title" sx={{ p: 2.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography id="unread-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {unread === 1 ? '1 unread notification' : `${unread} unread notifications`}
        </Typography>
        <Button size="small" onClick={onMarkAllRead} loading={marking}>
          Mark all read
        </Button>
      </Stack>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {notes.map((note) => (
          <Box
            component="li"
            key={note.id}
            sx={{ py: 1, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
          >
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{note.title}</Typography>
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{
                overflowWrap: 'anywhere',
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {note.body}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {formatDateTime(note.createdAt)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
