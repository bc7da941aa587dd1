import type { TAgentDetail } from '@agentdesk/contract/admin/agents';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { DateTime } from '../../components/date-time';
import { LoadMore } from '../../components/load-more';
import { errorMessage } from '../../lib/http/error-message';
import { useAgentAuditInfiniteQuery } from '../api/agents';
import { ScreenLoading } from '../layout/screen-loading';
import { auditWords } from './audit-words';
import { Section } from './section';

/** What operators did to this agent, newest first, from the audit log: who, when, what and why. */
export function AuditSection({ agent }: { agent: TAgentDetail }) {
  const audit = useAgentAuditInfiniteQuery(agent.id, { refetchOnMountOrArgChange: true });
  const rows = audit.data?.pages.flatMap((page) => page.data) ?? [];

  let body;
  if (audit.isLoading) body = <ScreenLoading label="Loading the operators’ actions…" />;
  else if (audit.isError && rows.length === 0)
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void audit.refetch()}>
            Try again
          </Button>
        }
      >
        Could not load the operators’ actions. {errorMessage(audit.error)}
      </Alert>
    );
  else if (rows.length === 0)
    body = (
      <Typography variant="body2" color="text.secondary">
        No operator has acted on this agent yet.
      </Typography>
    );
  else
    body = (
      <>
        <Box component="ul" aria-label="Operators’ actions" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((entry) => (
            <Box
              component="li"
              key={entry.id}
              sx={{ py: 1, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0, pt: 0 } }}
            >
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {auditWords(entry)}
              </Typography>
              {entry.reason && <Typography variant="body2">“{entry.reason}”</Typography>}
              <Typography variant="body2" color="text.secondary">
                {entry.operator ? entry.operator.username : 'The server’s command line'}
                {entry.operatorRole ? ` (${entry.operatorRole})` : ''}, <DateTime value={entry.at} />
              </Typography>
            </Box>
          ))}
        </Box>
        <LoadMore
          hasMore={audit.hasNextPage}
          loading={audit.isFetchingNextPage}
          onLoadMore={() => void audit.fetchNextPage()}
          label="Load more actions"
        />
      </>
    );

  return (
    <Section id="agent-audit" title="Operators’ actions">
      {body}
    </Section>
  );
}
