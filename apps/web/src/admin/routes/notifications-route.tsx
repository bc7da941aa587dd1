import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { createBroadcast } from '@agentdesk/contract/admin/notifications';
import { EmptyState } from '../../components/empty-state';
import { LoadMore } from '../../components/load-more';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/http/error-message';
import { useBroadcastsInfiniteQuery } from '../api/notifications';
import { ScreenLoading } from '../layout/screen-loading';
import { BroadcastForm } from '../notifications/broadcast-form';
import { SentBroadcast } from '../notifications/sent-broadcast';
import { useOperatorMay } from '../session/use-operator-may';

/**
 * /admin/notifications: a new broadcast (for an owner) with a live preview of how agents will
 * see it, sent after a confirmation; and the broadcasts sent, newest first by cursor, with how
 * many agents read each.
 */
export function NotificationsRoute() {
  const maySend = useOperatorMay(createBroadcast);
  const sent = useBroadcastsInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  const rows = sent.data?.pages.flatMap((page) => page.data) ?? [];
  const [outcome, setOutcome] = useState<string | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  let list;
  if (sent.isLoading) {
    list = <ScreenLoading label="Loading broadcasts…" />;
  } else if (sent.isError && rows.length === 0) {
    list = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void sent.refetch()}>
            Try again
          </Button>
        }
      >
        Could not load the broadcasts. {errorMessage(sent.error)}
      </Alert>
    );
  } else if (rows.length === 0) {
    list = (
      <EmptyState title="No broadcast sent yet">
        A broadcast goes to every agent’s notifications: maintenance, new prices, a holiday.
      </EmptyState>
    );
  } else {
    list = (
      <>
        <Stack component="ul" aria-label="Broadcasts sent" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((broadcast) => (
            <li key={broadcast.id}>
              <SentBroadcast broadcast={broadcast} />
            </li>
          ))}
        </Stack>
        <LoadMore
          hasMore={sent.hasNextPage}
          loading={sent.isFetchingNextPage}
          onLoadMore={() => void sent.fetchNextPage()}
          label="Load more broadcasts"
        />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Notifications" subtitle="Broadcasts to every agent" />
      <Box aria-live="polite">
        {outcome && (
          <Alert
            ref={outcomeRef}
            tabIndex={-1}
            role="status"
            severity="success"
            onClose={() => setOutcome(null)}
            sx={{ mb: 2 }}
          >
            {outcome}
          </Alert>
        )}
      </Box>
      {maySend ? (
        <BroadcastForm onSent={setOutcome} />
      ) : (
        <Alert severity="info" sx={{ mb: 3 }}>
          Only an owner can send a broadcast.
        </Alert>
      )}
      <Typography component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1.5 }}>
        Sent
      </Typography>
      {list}
    </>
  );
}
