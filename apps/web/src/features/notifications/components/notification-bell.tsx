import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { notificationArrived, useUnreadNotificationCountQuery } from '../api/notifications';
import { NotificationsPanel } from './notifications-panel';

/** How often the count is asked while the tab is in view: cheap, and a funding shows within a minute. */
const POLL_MS = 60_000;

/** The top bar's bell: the unread count, and the notifications panel on click. */
export function NotificationBell() {
  const dispatch = useDispatch();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data } = useUnreadNotificationCountQuery(undefined, {
    pollingInterval: POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const count = data?.data.count ?? 0;

  // A count that grows means something new arrived: often a credited transfer or a refund.
  const previous = useRef<number | null>(null);
  useEffect(() => {
    if (data === undefined) return;
    if (previous.current !== null && count > previous.current) dispatch(notificationArrived());
    previous.current = count;
  }, [count, data, dispatch]);

  // The name carries the badge's visible text ("99+"), as WCAG 2.5.3 asks.
  const shown = count > 99 ? '99+' : String(count);
  const label = count > 0 ? `Notifications, ${shown} unread` : 'Notifications';
  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge badgeContent={count > 0 ? count : undefined} invisible={count === 0} color="error" max={99}>
            <NotificationsOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': 'notifications-title',
            sx: { width: 'min(380px, calc(100vw - 16px))', maxHeight: '70vh', mt: 1 },
          },
        }}
      >
        <NotificationsPanel unread={count} onClose={() => setAnchor(null)} />
      </Popover>
    </>
  );
}
