import type { TOperator } from '@agentdesk/contract/admin/operators';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../components/date-time';
import { ROLE_WORDS, STATUS_WORDS } from './operator-words';

/** One operator: name, username and email, role and status; the owner's actions when `manage`. */
export function OperatorCard({
  operator,
  isYou,
  manage,
  onChangeRole,
  onDeactivate,
}: {
  operator: TOperator;
  isYou: boolean;
  manage: boolean;
  onChangeRole: () => void;
  onDeactivate: () => void;
}) {
  const titleId = `operator-${operator.id}`;
  const status = STATUS_WORDS[operator.status];
  const name = `${operator.firstName} ${operator.lastName}`;
  return (
    <Paper component="article" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {name}
          {isYou && ' (you)'}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Chip size="small" color="primary" variant="outlined" label={ROLE_WORDS[operator.role].label} />
          <Chip size="small" color={status.color} variant="outlined" label={status.label} />
        </Stack>
      </Stack>
      <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        {operator.username} · {operator.email}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {operator.status === 'deactivated' && operator.deactivatedAt
          ? `Deactivated ${formatDateTime(operator.deactivatedAt)}`
          : operator.status === 'invited'
            ? `Invited ${formatDateTime(operator.createdAt)}; has not set a password yet`
            : `Since ${formatDateTime(operator.createdAt, false)}`}
      </Typography>
      {manage && operator.status !== 'deactivated' && (
        <Stack direction="row" sx={{ mt: 1.5, gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" size="small" onClick={onChangeRole} aria-describedby={titleId}>
            Change role
          </Button>
          <Button variant="outlined" size="small" color="error" onClick={onDeactivate} aria-describedby={titleId}>
            Deactivate
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
