import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import type { TUpstream } from '@agentdesk/contract/admin/upstreams';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Figure, FigureList } from '../catalog/figure-list';
import { visuallyHidden } from '../catalog/visually-hidden';
import { addressWords, KIND_WORDS, maskedCredentials } from './upstream-words';

/** An upstream: its kind, address, state and masked credentials, and the owner's actions. */
export function UpstreamCard({
  upstream,
  mayEdit,
  onEdit,
  onSwitch,
  switching,
}: {
  upstream: TUpstream;
  mayEdit: boolean;
  onEdit: () => void;
  onSwitch: () => void;
  switching: boolean;
}) {
  const titleId = `${useId()}-title`;
  return (
    <Paper component="article" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1, mb: 1.5 }}>
        <div>
          <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {upstream.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            Id {upstream.id}
            {upstream.catalogue && ' · the catalogue’s upstream'}
          </Typography>
        </div>
        <Chip
          label={upstream.enabled ? 'On' : 'Off'}
          color={upstream.enabled ? 'success' : 'default'}
          variant="outlined"
          size="small"
        />
      </Stack>
      <FigureList columns={3}>
        <Figure term="Kind">{KIND_WORDS[upstream.kind]}</Figure>
        <Figure term="Address">
          <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
            {addressWords(upstream)}
          </Box>
        </Figure>
        <Figure term="Credentials">{maskedCredentials(upstream)}</Figure>
      </FigureList>
      {upstream.setByEnvironment && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Its address and credentials are set by the server’s environment: change them there and restart.
        </Typography>
      )}
      <Stack direction="row" sx={{ gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={`/admin/upstreams/${upstream.id}/plans`} variant="outlined" size="small">
          Plans and costs
          <Box component="span" sx={visuallyHidden}>
            {' '}
            of {upstream.name}
          </Box>
        </Button>
        {mayEdit && (
          <Button size="small" onClick={onEdit}>
            Edit
            <Box component="span" sx={visuallyHidden}>
              {' '}
              {upstream.name}
            </Box>
          </Button>
        )}
        {mayEdit && (
          <Button size="small" onClick={onSwitch} loading={switching}>
            {upstream.enabled ? 'Switch off' : 'Switch on'}
            <Box component="span" sx={visuallyHidden}>
              {' '}
              {upstream.name}
            </Box>
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
