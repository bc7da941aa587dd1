import { useSelector } from 'react-redux';
import { approveAdjustment, type TAgentDetail, type TWalletAdjustment } from '@agentdesk/contract/admin/agents';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import DoNotDisturb from '@mui/icons-material/DoNotDisturb';
import HourglassEmpty from '@mui/icons-material/HourglassEmpty';
import { DateTime } from '../../components/date-time';
import { LoadMore } from '../../components/load-more';
import { errorMessage } from '../../lib/http/error-message';
import { formatNaira } from '../../lib/money';
import { useAdjustmentsInfiniteQuery } from '../api/agents';
import { ScreenLoading } from '../layout/screen-loading';
import { selectOperatorSession } from '../session/operator-session-slice';
import { useOperatorMay } from '../session/use-operator-may';
import { Section } from './section';
import { ToneChip } from './tone-chip';

const STATUS = {
  pending: { label: 'Waiting for approval', tone: 'warning', icon: <HourglassEmpty /> },
  posted: { label: 'Posted', tone: 'success', icon: <CheckCircle /> },
  rejected: { label: 'Rejected', tone: 'error', icon: <DoNotDisturb /> },
} as const satisfies Record<TWalletAdjustment['status'], Parameters<typeof ToneChip>[0]>;

function AdjustmentItem({
  adjustment,
  mine,
  mayDecide,
  onDecide,
}: {
  adjustment: TWalletAdjustment;
  mine: boolean;
  mayDecide: boolean;
  onDecide: (decision: 'approve' | 'reject') => void;
}) {
  const titleId = `adjustment-${adjustment.id}`;
  const status = STATUS[adjustment.status];
  return (
    <Box
      component="article"
      aria-labelledby={titleId}
      sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0, pt: 0 } }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {adjustment.direction === 'credit' ? 'Credit' : 'Debit'} of {formatNaira(adjustment.amount)}
        </Typography>
        <ToneChip {...status} />
      </Stack>
      <Typography variant="body2">“{adjustment.reason}”</Typography>
      <Typography variant="body2" color="text.secondary">
        Asked by {mine ? 'you' : adjustment.requestedBy.username}, <DateTime value={adjustment.createdAt} />
        {adjustment.decidedBy && (
          <>
            ; {adjustment.status === 'posted' ? 'approved' : 'rejected'} by {adjustment.decidedBy.username}
            {adjustment.decisionReason ? ` (“${adjustment.decisionReason}”)` : ''}
          </>
        )}
        {adjustment.balanceAfter !== null && `; balance after ${formatNaira(adjustment.balanceAfter)}`}
      </Typography>
      {adjustment.status === 'pending' &&
        (mine ? (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            You asked for it: another operator must approve or reject it.
          </Typography>
        ) : (
          mayDecide && (
            <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
              <Button
                size="small"
                variant="contained"
                color="success"
                onClick={() => onDecide('approve')}
                aria-describedby={titleId}
              >
                Approve
              </Button>
              <Button
                size="small"
                variant="outlined"
                color="error"
                onClick={() => onDecide('reject')}
                aria-describedby={titleId}
              >
                Reject
              </Button>
            </Stack>
          )
        ))}
    </Box>
  );
}

/**
 * The wallet adjustments operators made, newest first, by cursor: those waiting for a second
 * operator first in mind, with Approve and Reject for any finance operator but their requester.
 */
export function AdjustmentsSection({
  agent,
  onDecide,
}: {
  agent: TAgentDetail;
  onDecide: (adjustment: TWalletAdjustment, decision: 'approve' | 'reject') => void;
}) {
  const adjustments = useAdjustmentsInfiniteQuery(agent.id, { refetchOnMountOrArgChange: true });
  const rows = adjustments.data?.pages.flatMap((page) => page.data) ?? [];
  const me = useSelector(selectOperatorSession).operator?.id;
  const mayDecide = useOperatorMay(approveAdjustment);
  const waiting = rows.filter((row) => row.status === 'pending').length;

  let body;
  if (adjustments.isLoading) body = <ScreenLoading label="Loading adjustments…" />;
  else if (adjustments.isError && rows.length === 0)
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void adjustments.refetch()}>
            Try again
          </Button>
        }
      >
        Could not load the adjustments. {errorMessage(adjustments.error)}
      </Alert>
    );
  else if (rows.length === 0)
    body = (
      <Typography variant="body2" color="text.secondary">
        No adjustment yet: credits and debits made by operators appear here.
      </Typography>
    );
  else
    body = (
      <>
        {rows.map((adjustment) => (
          <AdjustmentItem
            key={adjustment.id}
            adjustment={adjustment}
            mine={adjustment.requestedBy.id === me}
            mayDecide={mayDecide}
            onDecide={(decision) => onDecide(adjustment, decision)}
          />
        ))}
        <LoadMore
          hasMore={adjustments.hasNextPage}
          loading={adjustments.isFetchingNextPage}
          onLoadMore={() => void adjustments.fetchNextPage()}
          label="Load more adjustments"
        />
      </>
    );

  return (
    <Section
      id="agent-adjustments"
      title={waiting > 0 ? `Adjustments (${waiting} waiting for approval)` : 'Adjustments'}
    >
      {body}
    </Section>
  );
}
