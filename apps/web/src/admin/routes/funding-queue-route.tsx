import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Refresh from '@mui/icons-material/Refresh';
import { EmptyState } from '../../components/empty-state';
import { LoadMore } from '../../components/load-more';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/http/error-message';
import { useFundingQueueInfiniteQuery, type TQueuedFundingRequest } from '../api/funding-queue';
import { ApproveDialog } from '../funding/approve-dialog';
import { FundingTabs } from '../funding/funding-tabs';
import { OutcomeAlert, type ActionOutcome } from '../shared/outcome-alert';
import { QueuedTransfer } from '../funding/queued-transfer';
import { RejectDialog } from '../funding/reject-dialog';
import { useNow } from '../funding/use-now';
import { waitingCount } from '../funding/waiting-count';
import { ScreenLoading } from '../layout/screen-loading';

type Deciding = { kind: 'approve' | 'reject'; request: TQueuedFundingRequest } | null;

/**
 * /admin/funding: the transfers agents reported, oldest first, each approved (credits once)
 * or rejected with a reason behind a confirmation. The list is asked again after every
 * decision, so what was decided leaves it.
 */
export function FundingQueueRoute() {
  const queue = useFundingQueueInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  const rows = queue.data?.pages.flatMap((page) => page.data) ?? [];
  const now = useNow();
  const [deciding, setDeciding] = useState<Deciding>(null);
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);

  function done(result: ActionOutcome) {
    setDeciding(null);
    setOutcome(result);
  }

  let body;
  if (queue.isLoading) {
    body = <ScreenLoading label="Loading the queue…" />;
  } else if (queue.isError && rows.length === 0) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void queue.refetch()}>
            Try again
          </Button>
        }
      >
        Could not load the queue. {errorMessage(queue.error)}
      </Alert>
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyState title="No transfers waiting">
        When an agent reports a transfer to one of your accounts, it appears here, oldest first.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <Stack component="ul" aria-label="Transfers waiting" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((request) => (
            <li key={request.id}>
              <QueuedTransfer
                request={request}
                now={now}
                onApprove={() => setDeciding({ kind: 'approve', request })}
                onReject={() => setDeciding({ kind: 'reject', request })}
              />
            </li>
          ))}
        </Stack>
        <LoadMore
          hasMore={queue.hasNextPage}
          loading={queue.isFetchingNextPage}
          onLoadMore={() => void queue.fetchNextPage()}
          label="Load more transfers"
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Funding queue"
        subtitle={queue.data ? `${waitingCount(queue.data.pages)}, oldest first` : 'Reported transfers, oldest first'}
        action={
          <Button
            variant="outlined"
            startIcon={<Refresh />}
            onClick={() => void queue.refetch()}
            loading={queue.isFetching && !queue.isLoading && !queue.isFetchingNextPage}
          >
            Refresh
          </Button>
        }
      />
      <FundingTabs />
      <OutcomeAlert outcome={outcome} onClose={() => setOutcome(null)} />
      {body}
      {deciding?.kind === 'approve' && (
        <ApproveDialog request={deciding.request} onClose={() => setDeciding(null)} onDone={done} />
      )}
      {deciding?.kind === 'reject' && (
        <RejectDialog request={deciding.request} onClose={() => setDeciding(null)} onDone={done} />
      )}
    </>
  );
}
