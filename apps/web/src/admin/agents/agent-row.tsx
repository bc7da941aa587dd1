import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TAgentSummary } from '@agentdesk/contract/admin/agents';
import { DateTime } from '../../components/date-time';
import { formatNaira } from '../../lib/money';
import { AgentStatusChip } from './agent-status-chip';
import { Detail, DetailsList } from './details-list';

/** The identity check's state in the list (decision 046). */
const KYC_WORDS: Record<TAgentSummary['kycStatus'], string> = {
  none: 'Not checked',
  submitted: 'Check in progress',
  pending: 'Being checked by Paystack',
  verified: 'Verified',
  failed: 'Check failed',
};

/** One agent of the list: who, how to reach them, their money and their last sale; the name opens their page. */
export function AgentRow({ agent }: { agent: TAgentSummary }) {
  const titleId = `agent-${agent.id}-name`;
  return (
    <Paper component="article" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          <Link component={RouterLink} to={`/admin/agents/${agent.id}`} underline="hover">
            {agent.firstName} {agent.lastName}
          </Link>
        </Typography>
        <AgentStatusChip status={agent.status} />
      </Stack>
      <DetailsList>
        <Detail term="Username">{agent.username}</Detail>
        <Detail term="Phone">{agent.phone}</Detail>
        <Detail term="Email">{agent.email}</Detail>
        <Detail term="Balance">{formatNaira(agent.balance)}</Detail>
        <Detail term="Joined">
          <DateTime value={agent.createdAt} withTime={false} />
        </Detail>
        <Detail term="Last sale">{agent.lastSaleAt ? <DateTime value={agent.lastSaleAt} /> : 'No sale yet'}</Detail>
        <Detail term="Identity">{KYC_WORDS[agent.kycStatus]}</Detail>
      </DetailsList>
    </Paper>
  );
}
