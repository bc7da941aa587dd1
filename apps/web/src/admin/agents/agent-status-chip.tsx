import Chip from '@mui/material/Chip';
import type { TAgentSummary } from '@agentdesk/contract/admin/agents';

/** An agent's status in a word, coloured (never colour alone): suspended stands out. */
export function AgentStatusChip({ status }: { status: TAgentSummary['status'] }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={status === 'active' ? 'success' : 'error'}
      label={status === 'active' ? 'Active' : 'Suspended'}
    />
  );
}
