import { rejectFundingRequest } from '@agentdesk/contract/admin/funding';
import { formatNaira } from '../../lib/money';
import { useRejectFundingMutation, type TQueuedFundingRequest } from '../api/funding-queue';
import type { ActionOutcome } from '../shared/outcome-alert';
import { ReasonDialog } from '../shared/reason-dialog';

/** Rejecting needs a reason (the agent reads it with the refused report); sent once, like approving. */
export function RejectDialog({
  request,
  onClose,
  onDone,
}: {
  request: TQueuedFundingRequest;
  onClose: () => void;
  onDone: (outcome: ActionOutcome) => void;
}) {
  const [reject] = useRejectFundingMutation();
  const agent = `${request.agent.firstName} ${request.agent.lastName} (${request.agent.username})`;

  return (
    <ReasonDialog
      id="reject-funding"
      title="Reject this transfer?"
      text={`Nothing is credited to ${agent} for ${formatNaira(request.amount)}, reference ${request.reference}. They see your reason with their report.`}
      confirm="Reject transfer"
      schema={rejectFundingRequest.body!}
      send={async (reason) => {
        await reject({ id: request.id, reason }).unwrap();
        return {
          severity: 'success',
          text: `Rejected: ${formatNaira(request.amount)} from ${agent}, reference ${request.reference}. The agent sees your reason.`,
        };
      }}
      whenDecided={(message) => ({ severity: 'info', text: `${message}. It was not rejected.` })}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
