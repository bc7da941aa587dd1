import { Link as RouterLink } from 'react-router';
import type { TAgentDetail } from '@agentdesk/contract/admin/agents';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Section } from './section';

/** The price level the agent buys at (docs/decisions/038), and a way to move them to another. */
export function PriceLevelSection({
  agent,
  mayMove,
  onMove,
}: {
  agent: TAgentDetail;
  mayMove: boolean;
  onMove: () => void;
}) {
  return (
    <Section
      id="agent-price-level"
      title="Price level"
      action={
        mayMove ? (
          <Button variant="outlined" size="small" onClick={onMove}>
            Change level
          </Button>
        ) : undefined
      }
    >
      <Typography variant="body2">
        Buys at{' '}
        <Link component={RouterLink} to={`/admin/catalog/levels/${agent.priceLevel.id}`} sx={{ fontWeight: 600 }}>
          {agent.priceLevel.name}
        </Link>{' '}
        prices, on the dashboard and through the API.
      </Typography>
    </Section>
  );
}
