import { suspendAgent, type TAgentDetail } from '@agentdesk/contract/admin/agents';
import { useSetAgentStatusMutation } from '../api/agents';
import type { ActionOutcome } from '../shared/outcome-alert';
import { ReasonDialog } from '../shared/reason-dialog';

/**
 * Suspending signs the agent out at once and stops their sign-in, API keys and purchases;
 * reactivating restores them. Either needs a reason (suspend and reactivate take the same body,
 * kept with the audit log) and is sent once; the page shows the new state from the server's
 * answer.
 */
export function StatusDialog({
  agent,
  action,
  onClose,
  onDone,
}: {
  agent: TAgentDetail;
  action: 'suspend' | 'reactivate';
  onClose: () => void;
  onDone: (outcome: ActionOutcome) => void;
}) {
  const [setStatus] = useSetAgentStatusMutation();
  const who = `${agent.firstName} ${agent.lastName} (${agent.username})`;
  const suspend = action === 'suspend';

  return (
    <ReasonDialog
      id="agent-status"
      title={suspend ? `Suspend ${who}?` : `Reactivate ${who}?`}
      text={
        suspend
          ? 'They are signed out at once and can no longer sign in, use their API keys or buy until you reactivate them. Their wallet stays as it is.'
          : 'They can sign in, use their API keys and buy again.'
      }
      confirm={suspend ? 'Suspend agent' : 'Reactivate agent'}
      confirmColor={suspend ? 'error' : 'success'}
      schema={suspendAgent.body!}
      send={async (reason) => {
        const answer = await setStatus({ id: agent.id, action, reason }).unwrap();
        return { severity: suspend ? 'warning' : 'success', text: `${who}: ${answer.message}.` };
      }}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
