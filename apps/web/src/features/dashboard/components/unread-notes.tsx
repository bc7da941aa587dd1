import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TNotification } from '@agentdesk/contract/notifications/notification';
import { formatDateTime } from '../../../components/date-time';

/** How many of the home's notes: the most it shows, of the newest the app asks for. */
export const HOME_NOTES = 3;

/** The section's title. Self-contained: the prerendered home's head script is sent its source text. */
export function unreadTitle(unread: number): string {
  return unread === 1 ? '1 unread notification' : `${unread} unread notifications`;
}

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
        <Typography
          id="unread-title"
          variant="subtitle1"
          component="h2"
          sx={{ fontWeight: 600 }}
          data-early="unread-title"
        >
          {unreadTitle(unread)}
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
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-early="note-title">
              {note.title}
            </Typography>
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
              data-early="note-body"
            >
              {note.body}
            </Typography>
            <Typography variant="caption" color="text.secondary" data-early="note-date">
              {formatDateTime(note.createdAt)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/**
 * The section with room for the most notes it shows, hidden, in the home the build prerenders:
 * its head script fills it from the answers it asked for and shows it before the app's code has
 * arrived (decision 049). The app then draws the same in the same place.
 */
export function PrerenderedUnreadNotes() {
  const notes = Array.from({ length: HOME_NOTES }, (_, index) => ({
    id: `early-${index}`,
    kind: 'account' as const,
    title: '\u00a0',
    body: '\u00a0',
    createdAt: '',
    read: false,
  }));
  return (
    <div hidden data-early-notes>
      <UnreadNotes unread={HOME_NOTES} notes={notes} onMarkAllRead={() => undefined} marking={false} />
    </div>
  );
}
