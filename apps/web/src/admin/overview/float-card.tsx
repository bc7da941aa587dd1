import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { TUpstreamFloat } from '@agentdesk/contract/admin/overview';
import { formatNaira } from '../../lib/money';
import { lagosTime } from './lagos-clock';
import { Headline, OverviewCard } from './overview-card';

/**
 * The provider's balance at the upstream as the server last read it, and whether it lasts the
 * day at today's rate: a warning Alert when it does not, the reason in the server's words.
 */
export function FloatCard({ float }: { float: TUpstreamFloat }) {
  return (
    <OverviewCard id="overview-float" title="Upstream float">
      <Headline>{float.balance === null ? 'Not read yet' : formatNaira(float.balance)}</Headline>
      {float.readAt && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
          Read at {lagosTime(float.readAt)}
        </Typography>
      )}
      <Alert severity={float.warning ? 'warning' : 'info'} role={float.warning ? 'alert' : 'status'}>
        {float.note}
      </Alert>
      {float.lastError && (
        <Alert severity="error" role="status">
          The last reading failed: {float.lastError}.{' '}
          {float.readAt ? 'The balance shown is the previous reading.' : 'The server will try again.'}
        </Alert>
      )}
    </OverviewCard>
  );
}
