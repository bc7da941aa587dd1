import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DateTime } from '../../components/date-time';
import type { TSentBroadcast } from '../api/notifications';

/** A broadcast sent: what it said, when, by whom, and how many agents have read it. */
export function SentBroadcast({ broadcast }: { broadcast: TSentBroadcast }) {
  const titleId = `broadcast-${broadcast.id}`;
  const readers = broadcast.readCount === 1 ? '1 agent has read it' : `${broadcast.readCount} agents have read it`;
  return (
    <Paper component="article" variant="outlined" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {broadcast.title}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', my: 0.5 }}>
        {broadcast.body}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        <DateTime value={broadcast.createdAt} />
        {broadcast.createdBy ? ` · by ${broadcast.createdBy}` : ''} · {readers}
      </Typography>
    </Paper>
  );
}
