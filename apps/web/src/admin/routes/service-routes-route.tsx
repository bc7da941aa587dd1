import { useEffect, useId, useRef, useState } from 'react';
import { setRoute } from '@agentdesk/contract/admin/upstreams';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/http/error-message';
import { useRoutesQuery, useSetRouteMutation, useUpstreamsQuery, type TServiceRoute } from '../api/upstreams';
import { visuallyHidden } from '../catalog/visually-hidden';
import { ScreenLoading } from '../layout/screen-loading';
import { useOperatorMay } from '../session/use-operator-may';
import { RouteEditor } from '../upstreams/route-editor';
import { UpstreamTabs } from '../upstreams/upstream-tabs';
import type { TUpstream } from '@agentdesk/contract/admin/upstreams';

type Outcome = { severity: 'success' | 'error'; text: string };

function ServiceRouteCard({
  route,
  upstreams,
  mayEdit,
  editing,
  onEdit,
  onSaved,
  onCancel,
}: {
  route: TServiceRoute;
  upstreams: TUpstream[];
  mayEdit: boolean;
  editing: boolean;
  onEdit: () => void;
  onSaved: (text: string) => void;
  onCancel: () => void;
}) {
  const [save] = useSetRouteMutation();
  const titleId = `${useId()}-title`;
  const nameOf = (id: string) => upstreams.find((upstream) => upstream.id === id)?.name ?? id;
  return (
    <Paper component="article" variant="outlined" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {route.name}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        Service {route.serviceId}
      </Typography>
      {editing ? (
        <RouteEditor
          serviceName={route.name}
          initial={route.upstreams}
          upstreams={upstreams}
          onSave={async (order) => {
            const answer = await save({ serviceId: route.serviceId, upstreams: order }).unwrap();
            onSaved(`${route.name}: ${answer.message}.`);
          }}
          onCancel={onCancel}
        />
      ) : (
        <>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {route.upstreams.length === 0
              ? 'The catalogue’s upstream alone (no route of its own)'
              : route.upstreams.map((id, index) => `${index + 1}. ${nameOf(id)}`).join('  ')}
          </Typography>
          {mayEdit && (
            <Button size="small" sx={{ mt: 1 }} onClick={onEdit}>
              Edit route
              <Box component="span" sx={visuallyHidden}>
                {' '}
                of {route.name}
              </Box>
            </Button>
          )}
        </>
      )}
    </Paper>
  );
}

/**
 * /admin/upstreams/routes: every service and the upstreams its orders go to, in order
 * (docs/decisions/037). Owners change the order; everyone else reads.
 */
export function ServiceRoutesRoute() {
  const mayEdit = useOperatorMay(setRoute);
  const routes = useRoutesQuery(undefined, { refetchOnMountOrArgChange: true });
  const upstreams = useUpstreamsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [editing, setEditing] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  let body;
  if (routes.isLoading || upstreams.isLoading) {
    body = <ScreenLoading label="Loading the routes…" />;
  } else if (!routes.data || !upstreams.data) {
    body = (
      <Alert
        severity="error"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              void routes.refetch();
              void upstreams.refetch();
            }}
          >
            Try again
          </Button>
        }
      >
        Could not load the routes. {errorMessage(routes.error ?? upstreams.error)}
      </Alert>
    );
  } else if (routes.data.length === 0) {
    body = (
      <EmptyState title="No services yet">
        An owner syncs the catalogue from the upstream on the Catalogue screen.
      </EmptyState>
    );
  } else {
    const all = upstreams.data;
    body = (
      <Stack component="ul" aria-label="Routes" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {routes.data.map((route) => (
          <li key={route.serviceId}>
            <ServiceRouteCard
              route={route}
              upstreams={all}
              mayEdit={mayEdit}
              editing={editing === route.serviceId}
              onEdit={() => {
                setOutcome(null);
                setEditing(route.serviceId);
              }}
              onSaved={(text) => {
                setEditing(null);
                setOutcome({ severity: 'success', text });
              }}
              onCancel={() => setEditing(null)}
            />
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader title="Routes" subtitle="Where each service’s orders go" />
      <UpstreamTabs current="routes" />
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
        An order goes to the first upstream of its service’s route. It moves to the next only when that upstream
        definitively did not process it; when the outcome is unknown it stays there and is asked again, so it is never
        sold twice. {mayEdit ? '' : 'Only an owner can change routes.'}
      </Alert>
      {body}
    </>
  );
}
