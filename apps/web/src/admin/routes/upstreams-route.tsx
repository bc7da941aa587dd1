import { useEffect, useRef, useState } from 'react';
import { updateUpstream, type TUpstream } from '@agentdesk/contract/admin/upstreams';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Add from '@mui/icons-material/Add';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/http/error-message';
import { useUpdateUpstreamMutation, useUpstreamsQuery } from '../api/upstreams';
import { ScreenLoading } from '../layout/screen-loading';
import { useOperatorMay } from '../session/use-operator-may';
import { UpstreamCard } from '../upstreams/upstream-card';
import { UpstreamDialog } from '../upstreams/upstream-dialog';
import { UpstreamTabs } from '../upstreams/upstream-tabs';

type Outcome = { severity: 'success' | 'error'; text: string };
type Editing = { kind: 'create' } | { kind: 'edit'; upstream: TUpstream } | null;

/**
 * /admin/upstreams: the upstreams the provider buys from (docs/decisions/037), their addresses
 * and masked credentials. Owners add, edit and switch them; everyone else reads.
 */
export function UpstreamsRoute() {
  const mayEdit = useOperatorMay(updateUpstream);
  const upstreams = useUpstreamsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [update] = useUpdateUpstreamMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [switching, setSwitching] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  async function switchOver(upstream: TUpstream) {
    setSwitching(upstream.id);
    setOutcome(null);
    try {
      const answer = await update({ id: upstream.id, enabled: !upstream.enabled }).unwrap();
      setOutcome({ severity: 'success', text: `${answer.message}.` });
    } catch (error) {
      setOutcome({
        severity: 'error',
        text: `${upstream.name} is still ${upstream.enabled ? 'on' : 'off'}: ${errorMessage(error)}`,
      });
    } finally {
      setSwitching(null);
    }
  }

  let body;
  if (upstreams.isLoading) {
    body = <ScreenLoading label="Loading the upstreams…" />;
  } else if (!upstreams.data) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void upstreams.refetch()}>
            Try again
          </Button>
        }
      >
        Could not load the upstreams. {errorMessage(upstreams.error)}
      </Alert>
    );
  } else if (upstreams.data.length === 0) {
    body = <EmptyState title="No upstreams">The server configures the first one at its start.</EmptyState>;
  } else {
    body = (
      <Stack component="ul" aria-label="Upstreams" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {upstreams.data.map((upstream) => (
          <li key={upstream.id}>
            <UpstreamCard
              upstream={upstream}
              mayEdit={mayEdit}
              onEdit={() => setEditing({ kind: 'edit', upstream })}
              onSwitch={() => void switchOver(upstream)}
              switching={switching === upstream.id}
            />
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        title="Upstreams"
        subtitle="Who the provider buys from"
        action={
          mayEdit ? (
            <Button variant="outlined" startIcon={<Add />} onClick={() => setEditing({ kind: 'create' })}>
              Add upstream
            </Button>
          ) : undefined
        }
      />
      <UpstreamTabs current="upstreams" />
      <Box aria-live="polite">
        {outcome && (
          <Alert
            ref={outcomeRef}
            tabIndex={-1}
            role="status"
            severity={outcome.severity}
            onClose={() => setOutcome(null)}
            sx={{ mb: 2 }}
          >
            {outcome.text}
          </Alert>
        )}
      </Box>
      <Alert severity="info" sx={{ mb: 2 }}>
        An upstream takes orders for the services whose route names it; a service with no route of its own goes to the
        catalogue’s upstream. {mayEdit ? '' : 'Only an owner can change upstreams.'}
      </Alert>
      {body}
      {editing && (
        <UpstreamDialog
          {...(editing.kind === 'edit' ? { upstream: editing.upstream } : {})}
          onSaved={(text) => {
            setEditing(null);
            setOutcome({ severity: 'success', text });
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
