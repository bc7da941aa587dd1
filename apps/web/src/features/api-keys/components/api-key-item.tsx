import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TApiKey } from '@agentdesk/contract/api/api-keys';
import { DateTime } from '../../../components/date-time';

export type KeyAction = 'rename' | 'ips' | 'revoke';

/** One key: its name and status, the prefix that tells it apart, when it was made and last used, where from. */
export function ApiKeyItem({ apiKey, onAction }: { apiKey: TApiKey; onAction: (action: KeyAction) => void }) {
  const active = apiKey.status === 'active';
  return (
    <ListItem divider sx={{ display: 'block', py: 2, opacity: active ? 1 : 0.75 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {apiKey.name}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={active ? 'success' : 'default'}
          label={active ? 'Active' : 'Revoked'}
        />
      </Stack>
      <Box
        component="dl"
        sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.25 }}
      >
        <Typography component="dt" variant="body2" color="text.secondary">
          Key
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, fontFamily: 'monospace' }}>
          {apiKey.prefix}…
        </Typography>
        <Typography component="dt" variant="body2" color="text.secondary">
          Created
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0 }}>
          <DateTime value={apiKey.createdAt} />
        </Typography>
        <Typography component="dt" variant="body2" color="text.secondary">
          Last used
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0 }}>
          {apiKey.lastUsedAt ? <DateTime value={apiKey.lastUsedAt} /> : 'Never'}
        </Typography>
        <Typography component="dt" variant="body2" color="text.secondary">
          Allowed IPs
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {apiKey.allowedIps.length > 0 ? apiKey.allowedIps.join(', ') : 'Any address'}
        </Typography>
      </Box>
      {active && (
        <Stack direction="row" sx={{ mt: 1, gap: 1, flexWrap: 'wrap', ml: -1 }}>
          <Button size="small" onClick={() => onAction('rename')} aria-label={`Rename ${apiKey.name}`}>
            Rename
          </Button>
          <Button size="small" onClick={() => onAction('ips')} aria-label={`Allowed IPs of ${apiKey.name}`}>
            Allowed IPs
          </Button>
          <Button size="small" color="error" onClick={() => onAction('revoke')} aria-label={`Revoke ${apiKey.name}`}>
            Revoke
          </Button>
        </Stack>
      )}
    </ListItem>
  );
}
