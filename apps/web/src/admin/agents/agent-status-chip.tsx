import type { TAgentSummary } from '@agentdesk/contract/admin/agents';
import Block from '@mui/icons-material/Block';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { ToneChip } from './tone-chip';

/** An agent's status in a word, with its colour and icon: suspended stands out. */
export function AgentStatusChip({ status }: { status: TAgentSummary['status'] }) {
  return status === 'active' ? (
    <ToneChip label="Active" tone="success" icon={<CheckCircle />} />
  ) : (
    <ToneChip label="Suspended" tone="error" icon={<Block />} />
  );
}
