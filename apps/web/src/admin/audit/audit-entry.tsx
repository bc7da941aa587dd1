import type { TAuditEntry } from '@agentdesk/contract/admin/audit';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DateTime } from '../../components/date-time';
import { auditDiff } from './audit-diff';
import { ACTION_WORDS, targetPath, targetWord } from './audit-words';

/** Who acted: the operator and their role then, or the server's command line (the first owner). */
export function actorWords(entry: TAuditEntry): string {
  if (!entry.operator) return 'the command line on the server';
  return entry.operatorRole ? `${entry.operator.username} (${entry.operatorRole})` : entry.operator.username;
}

function Target({ entry }: { entry: TAuditEntry }) {
  const path = targetPath(entry.target);
  const label = `${targetWord(entry.target.type)} ${entry.target.id}`;
  const agentPath = entry.agentId && entry.target.type !== 'agent' ? `/admin/agents/${entry.agentId}` : null;
  return (
    <>
      {path ? (
        <Link component={RouterLink} to={path}>
          {label}
        </Link>
      ) : (
        label
      )}
      {agentPath && (
        <>
          {' · '}
          <Link component={RouterLink} to={agentPath}>
            its agent
          </Link>
        </>
      )}
    </>
  );
}

/**
 * One row of the audit log: what was done (in words), by whom and their role then, when, to
 * what (a link to the agent's or order's page), from which address, the reason, and what
 * changed, before and after, field by field.
 */
export function AuditEntry({ entry, headingLevel = 'h2' }: { entry: TAuditEntry; headingLevel?: 'h2' | 'h3' }) {
  const { changed, unchanged } = auditDiff(entry.before, entry.after);
  const headingId = `audit-${entry.id}`;
  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, minWidth: 0 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} component={headingLevel} variant="subtitle1" sx={{ fontWeight: 600 }}>
          {ACTION_WORDS[entry.action]}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <DateTime value={entry.at} />
        </Typography>
      </Stack>
      <Box
        component="dl"
        sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
      >
        <Typography component="dt" variant="body2" color="text.secondary">
          By
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0 }}>
          {actorWords(entry)}
        </Typography>
        <Typography component="dt" variant="body2" color="text.secondary">
          Target
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          <Target entry={entry} />
        </Typography>
        <Typography component="dt" variant="body2" color="text.secondary">
          From
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {entry.ip ?? 'the server'}
        </Typography>
        {entry.reason && (
          <>
            <Typography component="dt" variant="body2" color="text.secondary">
              Reason
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {entry.reason}
            </Typography>
          </>
        )}
      </Box>
      {changed.length > 0 && (
        <Table size="small" aria-label="Before and after" sx={{ mt: 1.5, tableLayout: 'fixed' }}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Field
              </TableCell>
              <TableCell component="th" scope="col">
                Before
              </TableCell>
              <TableCell component="th" scope="col">
                After
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {changed.map((row) => (
              <TableRow key={row.field}>
                <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                  {row.field}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.before}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', fontWeight: 600 }}>{row.after}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {unchanged.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          Unchanged: {unchanged.map((row) => `${row.field} ${row.after}`).join(' · ')}
        </Typography>
      )}
    </Paper>
  );
}
