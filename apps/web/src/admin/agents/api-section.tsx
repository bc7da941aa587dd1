import type { TAgentDetail } from '@agentdesk/contract/admin/agents';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DateTime } from '../../components/date-time';
import { Detail, DetailsList } from './details-list';
import { Section } from './section';

/** The agent's API keys (names and prefixes: the secrets are never shown) and their webhook's state. */
export function ApiSection({ agent }: { agent: TAgentDetail }) {
  const { webhook } = agent;
  return (
    <Section id="agent-api" title="API keys and webhook">
      {agent.apiKeys.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No API key: the agent sells from the dashboard only.
        </Typography>
      ) : (
        <Box component="ul" aria-label="API keys" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {agent.apiKeys.map((key) => (
            <Box
              component="li"
              key={key.id}
              sx={{ py: 1, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {key.name}{' '}
                  <Box component="code" sx={{ fontWeight: 400 }}>
                    {key.prefix}…
                  </Box>
                </Typography>
                <Chip
                  size="small"
                  variant="outlined"
                  color={key.status === 'active' ? 'success' : 'default'}
                  label={key.status === 'active' ? 'Active' : 'Revoked'}
                />
              </Stack>
              <Typography variant="body2" color="text.secondary">
                Created <DateTime value={key.createdAt} withTime={false} />;{' '}
                {key.lastUsedAt ? (
                  <>
                    last used <DateTime value={key.lastUsedAt} />
                  </>
                ) : (
                  'never used'
                )}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 2, mb: 0.5 }}>
        Webhook
      </Typography>
      {webhook ? (
        <DetailsList>
          <Detail term="Address">{webhook.url ?? 'None set'}</Detail>
          <Detail term="State">{webhook.enabled ? 'On' : 'Off'}</Detail>
          <Detail term="Being tried">{webhook.pendingDeliveries}</Detail>
          <Detail term="Given up">{webhook.failedDeliveries}</Detail>
        </DetailsList>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Never set up.
        </Typography>
      )}
    </Section>
  );
}
