import type { TAgentDetail } from '@agentdesk/contract/admin/agents';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DateTime } from '../../components/date-time';
import { StatusChip } from '../../components/status-chip';
import { formatNaira } from '../../lib/money';
import { Section } from './section';

/**
 * The wallet: its balance (with credit and debit for those whose role may adjust it) and its
 * latest movements, each with the balance after it.
 */
export function WalletSection({
  agent,
  mayAdjust,
  onAdjust,
}: {
  agent: TAgentDetail;
  mayAdjust: boolean;
  onAdjust: (direction: 'credit' | 'debit') => void;
}) {
  return (
    <Section id="agent-wallet" title="Wallet">
      <Typography variant="body2" color="text.secondary" id="agent-balance-label">
        Balance
      </Typography>
      <Typography
        aria-labelledby="agent-balance-label"
        data-testid="agent-balance"
        sx={{ fontSize: '1.75rem', fontWeight: 600, mb: 1 }}
      >
        {formatNaira(agent.balance)}
      </Typography>
      {mayAdjust && (
        <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
          <Button variant="contained" onClick={() => onAdjust('credit')}>
            Credit wallet
          </Button>
          <Button variant="outlined" onClick={() => onAdjust('debit')}>
            Debit wallet
          </Button>
        </Stack>
      )}
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 1 }}>
        Latest movements
      </Typography>
      {agent.recentTransactions.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No movement yet: fundings, purchases, refunds and adjustments appear here.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Latest wallet movements" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {agent.recentTransactions.map((movement) => (
            <Box
              component="li"
              key={movement.id}
              sx={{ py: 1, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
            >
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {movement.name}
                </Typography>
                <Typography
                  variant="body2"
                  sx={{
                    fontWeight: 600,
                    whiteSpace: 'nowrap',
                    color: movement.direction === 'credit' ? 'success.dark' : 'text.primary',
                  }}
                >
                  {movement.direction === 'credit' ? '+' : '−'}
                  {formatNaira(movement.amount)}
                </Typography>
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {movement.description}
              </Typography>
              <Stack
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', flexWrap: 'wrap', color: 'text.secondary', typography: 'body2' }}
              >
                <StatusChip status={movement.status} />
                <DateTime value={movement.createdAt} />
                <span>balance after {formatNaira(movement.details.balance.after)}</span>
              </Stack>
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}
