import type { TAgentDetail } from '@agentdesk/contract/admin/agents';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatNaira } from '../../lib/money';
import { Section } from './section';
import { WalletHistory } from './wallet-history';

/**
 * The wallet: its balance (with credit and debit for those whose role may adjust it) and its
 * history by cursor, orders and fundings among it.
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
      <WalletHistory agentId={agent.id} />
    </Section>
  );
}
