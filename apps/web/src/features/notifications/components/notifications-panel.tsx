import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import { toast } from '../../../lib/toast';
import type { TNotification } from '@agentdesk/contract/notifications/notification';
import { formatDateTime } from '../../../components/date-time';
import { LoadMore } from '../../../components/load-more';
import { errorMessage } from '../../../lib/http/error-message';
import {
  useListNotificationsInfiniteQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
} from '../api/notifications';

const hidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function NotificationItem({ note, onOpen }: { note: TNotification; onOpen: () => void }) {
  return (
    <ListItem disablePadding divider>
      <ListItemButton onClick={onOpen} sx={{ display: 'block', py: 1.5 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'baseline' }}>
          {!note.read && (
            <Box
              aria-hidden="true"
              sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'error.main', flexShrink: 0 }}
            />
          )}
          <Typography sx={{ fontWeight: note.read ? 400 : 700, overflowWrap: 'anywhere' }}>
            {!note.read && (
              <Box component="span" sx={hidden}>
                Unread:{' '}
              </Box>
            )}
            {note.title}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {note.body}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(note.createdAt)}
        </Typography>
      </ListItemButton>
    </ListItem>
  );
}

/** The notifications, newest first; opening one marks it read. */
export function NotificationsPanel({ unread, onClose }: { unread: number; onClose: () => void }) {
  const list = useListNotificationsInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  const [markRead] = useMarkNotificationReadMutation();
  const [markAll, markingAll] = useMarkAllNotificationsReadMutation();
  const notes = list.data?.pages.flatMap((page) => page.data) ?? [];

  async function readAll() {
    try {
      await markAll().unwrap();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  let body;
  if (list.isLoading) {
    body = (
      <Typography role="status" sx={{ p: 2 }}>
        Loading notifications…
      </Typography>
    );
  } else if (list.isError && notes.length === 0) {
    body = (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
            Try again
          </Button>
        }
      >
        Could not load notifications.
      </Alert>
    );
  } else if (notes.length === 0) {
    body = (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        No notifications yet.
      </Typography>
    );
  } else {
    body = (
      <>
        <List disablePadding aria-label="Notifications">
          {notes.map((note) => (
            <NotificationItem
              key={note.id}
              note={note}
              onOpen={() => {
                if (!note.read) void markRead(note.id);
              }}
            />
          ))}
        </List>
        <LoadMore
          hasMore={list.hasNextPage}
          loading={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          label="Load more notifications"
        />
      </>
    );
  }

  return (
    <Box>
      <Stack
        direction="row"
        sx={{
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
          position: 'sticky',
          top: 0,
          bgcolor: 'background.paper',
          zIndex: 1,
        }}
      >
        <Typography id="notifications-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
          Notifications
        </Typography>
        <Button size="small" onClick={() => void readAll()} disabled={unread === 0} loading={markingAll.isLoading}>
          Mark all as read
        </Button>
        <IconButton size="small" aria-label="Close notifications" onClick={onClose}>
          <Close fontSize="small" />
        </IconButton>
      </Stack>
      {body}
    </Box>
  );
}
