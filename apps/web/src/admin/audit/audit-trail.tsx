import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { AuditFilters } from '../api/audit';
import { AuditList } from './audit-list';

/**
 * The audit entries of one agent or order, newest first, for its page. An agent's trail is
 * every action that concerns the agent (their wallet's adjustments and transfers included,
 * by the rows' agent), an order's the actions on the order.
 */
export function AuditTrail({ targetType, targetId }: { targetType: 'agent' | 'order'; targetId: string }) {
  const filters = useMemo<AuditFilters>(
    () => (targetType === 'agent' ? { agentId: targetId } : { targetType, targetId }),
    [targetType, targetId],
  );
  const search = new URLSearchParams(filters).toString();
  const headingId = `audit-trail-${targetType}`;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2, mb: 1.5 }}>
        <Typography id={headingId} component="h2" variant="h6">
          Audit trail
        </Typography>
        <Link component={RouterLink} to={`/admin/audit?${search}`} variant="body2">
          Open in the audit log
        </Link>
      </Box>
      <AuditList
        filters={filters}
        limit={10}
        headingLevel="h3"
        label={targetType === 'agent' ? 'What operators did for this agent' : 'What operators did to this order'}
        emptyTitle="No operator actions yet"
        emptyText={
          targetType === 'agent'
            ? 'What an operator does for this agent (a credit, a suspension, an approved transfer) is listed here.'
            : 'A requery or refund by an operator is listed here.'
        }
      />
    </Box>
  );
}
