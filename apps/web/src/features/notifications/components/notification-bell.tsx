import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { retryImport } from '../../../lib/lazy-retry';
import { notificationArrived, useUnreadNotificationCountQuery } from '../api/notifications';
import type * as PanelModule from './notifications-panel';
import { Hint } from '../../../components/hint';

/**
 * The panel's code (the list, its paging and the read marks) is not in every signed-in page's
 * first download: it comes when the bell is pointed at, focused or opened (its libraries are the
 * frame's: vite.config.ts). Retried like a screen for two minutes.
 */
let panel: Promise<typeof PanelModule> | undefined;
function loadPanel() {
  panel ??= retryImport(() => import('./notifications-panel')).catch((error: unknown) => {
    panel = undefined;
    throw error;
  });
  return panel;
}
const NotificationsPanel = lazy(() => loadPanel().then((module) => ({ default: module.NotificationsPanel })));
const preparePanel = () => void loadPanel().catch(() => undefined);

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
      <Hint title="Notifications">
        <IconButton
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          onMouseEnter={preparePanel}
          onFocus={preparePanel}
        >
          <Badge badgeContent={count > 0 ? count : undefined} invisible={count === 0} color="error" max={99}>
            <NotificationsOutlined />
          </Badge>
        </IconButton>
      </Hint>
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
        <Suspense
          fallback={
            <Typography id="notifications-title" role="status" sx={{ p: 2 }}>
              Loading notifications…
            </Typography>
          }
        >
          <NotificationsPanel unread={count} onClose={() => setAnchor(null)} />
        </Suspense>
      </Popover>
    </>
  );
}
