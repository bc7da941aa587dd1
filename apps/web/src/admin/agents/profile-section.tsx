import { Link as RouterLink } from 'react-router';
import type { TAgentDetail } from '@agentdesk/contract/admin/agents';
import Link from '@mui/material/Link';
import { DateTime } from '../../components/date-time';
import { Detail, DetailsList } from './details-list';
import { Section } from './section';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Who the agent is, how to reach them, their activity and their referrals. */
export function ProfileSection({ agent }: { agent: TAgentDetail }) {
  return (
    <Section id="agent-profile" title="Profile">
      <DetailsList>
        <Detail term="Username">{agent.username}</Detail>
        <Detail term="Phone">{agent.phone}</Detail>
        <Detail term="Email">{agent.email}</Detail>
        <Detail term="Joined">
          <DateTime value={agent.createdAt} />
        </Detail>
        <Detail term="Last sale">{agent.lastSaleAt ? <DateTime value={agent.lastSaleAt} /> : 'No sale yet'}</Detail>
        <Detail term="Orders">{plural(agent.counts.orders, 'order', 'orders')}</Detail>
        <Detail term="Fundings">{plural(agent.counts.fundings, 'funding', 'fundings')}</Detail>
        <Detail term="Referral code">{agent.referralCode}</Detail>
        <Detail term="Referred by">
          {agent.referrer ? (
            <Link component={RouterLink} to={`/admin/agents/${agent.referrer.id}`}>
              {agent.referrer.username}
            </Link>
          ) : (
            'Nobody'
          )}
        </Detail>
        <Detail term="Referred">{plural(agent.referralCount, 'agent', 'agents')}</Detail>
      </DetailsList>
    </Section>
  );
}
