import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { createAgent } from '@agentdesk/contract/admin/agents';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import PersonAdd from '@mui/icons-material/PersonAdd';
import { EmptyState } from '../../components/empty-state';
import { LoadMore } from '../../components/load-more';
import { PageHeader } from '../../components/page-header';
import { SecretOnceDialog } from '../../components/secret-once-dialog';
import { errorMessage } from '../../lib/http/error-message';
import { useAgentsInfiniteQuery, type AgentsFilter } from '../api/agents';
import { AgentRow } from '../agents/agent-row';
import { AgentSearch } from '../agents/agent-search';
import { CreateAgentDialog, type CreatedAgent } from '../agents/create-agent-dialog';
import { ScreenLoading } from '../layout/screen-loading';
import { useOperatorMay } from '../session/use-operator-may';

function filterOf(params: URLSearchParams): AgentsFilter {
  const status = params.get('status');
  return {
    q: params.get('q') ?? '',
    status: status === 'active' || status === 'suspended' ? status : '',
  };
}

/**
 * /admin/agents: agents newest first, searched on the server by name, username, phone or
 * email and filtered by status (both kept in the address, so Back and a shared link keep
 * them), by cursor; each opens the agent's page. Owners create agents here.
 */
export function AgentsRoute() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const agents = useAgentsInfiniteQuery(filter, { refetchOnMountOrArgChange: true });
  const rows = agents.data?.pages.flatMap((page) => page.data) ?? [];
  const mayCreate = useOperatorMay(createAgent);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedAgent | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const outcomeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (created && !showPassword) outcomeRef.current?.focus();
  }, [created, showPassword]);

  function setFilter(next: AgentsFilter) {
    const search = new URLSearchParams();
    if (next.q) search.set('q', next.q);
    if (next.status) search.set('status', next.status);
    setParams(search);
  }

  const searching = filter.q !== '' || filter.status !== '';
  let body;
  if (agents.isLoading) {
    body = <ScreenLoading label="Loading agents…" />;
  } else if (agents.isError && rows.length === 0) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void agents.refetch()}>
            Try again
          </Button>
        }
      >
        Could not load the agents. {errorMessage(agents.error)}
      </Alert>
    );
  } else if (rows.length === 0) {
    body = searching ? (
      <EmptyState title="No agent matches">
        Nothing matches {filter.q ? `“${filter.q}”` : 'this filter'}
        {filter.status ? ` among ${filter.status} agents` : ''}. Try part of a name, a username, a phone number or an
        email.
      </EmptyState>
    ) : (
      <EmptyState title="No agents yet">Agents appear here as they register or as you create them.</EmptyState>
    );
  } else {
    body = (
      <>
        <Stack component="ul" aria-label="Agents" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((agent) => (
            <li key={agent.id}>
              <AgentRow agent={agent} />
            </li>
          ))}
        </Stack>
        <LoadMore
          hasMore={agents.hasNextPage}
          loading={agents.isFetchingNextPage}
          onLoadMore={() => void agents.fetchNextPage()}
          label="Load more agents"
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Agents"
        subtitle="Newest first"
        action={
          mayCreate ? (
            <Button variant="contained" startIcon={<PersonAdd />} onClick={() => setCreating(true)}>
              Create agent
            </Button>
          ) : undefined
        }
      />
      <Box aria-live="polite">
        {created && !showPassword && (
          <Alert
            ref={outcomeRef}
            tabIndex={-1}
            role="status"
            severity="success"
            onClose={() => setCreated(null)}
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" component={RouterLink} to={`/admin/agents/${created.id}`}>
                Open
              </Button>
            }
          >
            Created {created.name} ({created.username}).
          </Alert>
        )}
      </Box>
      <AgentSearch key={`${filter.q}|${filter.status}`} filter={filter} onChange={setFilter} />
      {body}
      {creating && (
        <CreateAgentDialog
          onClose={() => setCreating(false)}
          onCreated={(agent) => {
            setCreating(false);
            setCreated(agent);
            setShowPassword(agent.generatedPassword !== null);
          }}
        />
      )}
      {created?.generatedPassword && showPassword && (
        <SecretOnceDialog
          idPrefix="agent-password"
          title={`${created.name} can sign in`}
          warning="This password is shown once. Copy it now and pass it to the agent; ask them to change it."
          label={`Password for ${created.username}`}
          secret={created.generatedPassword}
          copyLabel="Copy password"
          testId="generated-password"
          footer="The agent signs in with their username, email or phone and this password."
          onClose={() => setShowPassword(false)}
        />
      )}
    </>
  );
}
