import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { syncUpstreamPlans } from '@agentdesk/contract/admin/upstreams';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import NativeSelect from '@mui/material/NativeSelect';
import Stack from '@mui/material/Stack';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Sync from '@mui/icons-material/Sync';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/http/error-message';
import { useSyncUpstreamPlansMutation, useUpstreamPlansQuery, useUpstreamsQuery } from '../api/upstreams';
import { ScreenLoading } from '../layout/screen-loading';
import { useOperatorMay } from '../session/use-operator-may';
import { UpstreamPlanItem } from '../upstreams/upstream-plan-item';
import { useConsoleParams } from './console-params';

type Outcome = { severity: 'success' | 'error'; text: string };

function BackToUpstreams() {
  return (
    <Link
      component={RouterLink}
      to="/admin/upstreams"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}
    >
      <ArrowBack fontSize="small" aria-hidden="true" />
      All upstreams
    </Link>
  );
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * /admin/upstreams/:id/plans: an upstream's own plans, what each costs the provider, the
 * catalogue plan it sells, its price and the margin (docs/decisions/037). Owners read the
 * plans from the upstream and map them; everyone else reads.
 */
export function UpstreamPlansRoute() {
  const id = useConsoleParams().id ?? '';
  const maySync = useOperatorMay(syncUpstreamPlans);
  const upstreams = useUpstreamsQuery(undefined, { refetchOnMountOrArgChange: true });
  const upstream = upstreams.data?.find((row) => row.id === id);
  const plans = useUpstreamPlansQuery(id, { refetchOnMountOrArgChange: true, skip: !upstream });
  const [sync, syncing] = useSyncUpstreamPlansMutation();
  const [service, setService] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  async function readPlans() {
    setOutcome(null);
    try {
      const { data } = await sync(id).unwrap();
      setOutcome({
        severity: 'success',
        text:
          `Read ${count(data.plans, 'plan', 'plans')} from ${upstream?.name ?? id}: ` +
          `${count(data.matched, 'newly matched', 'newly matched')} to the catalogue, ` +
          `${count(data.unmapped, 'plan', 'plans')} still unmapped.`,
      });
    } catch (error) {
      setOutcome({ severity: 'error', text: `The plans were not read: ${errorMessage(error)}` });
    }
  }

  if (upstreams.isLoading) {
    return (
      <>
        <PageHeader title="Upstream plans" />
        <ScreenLoading label="Loading the upstream…" />
      </>
    );
  }
  if (!upstream) {
    return (
      <>
        <BackToUpstreams />
        <PageHeader title={upstreams.data ? 'Upstream not found' : 'Upstream plans'} />
        {upstreams.data ? (
          <Alert severity="warning">No upstream has this address. Choose one from the list.</Alert>
        ) : (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void upstreams.refetch()}>
                Try again
              </Button>
            }
          >
            Could not load the upstream. {errorMessage(upstreams.error)}
          </Alert>
        )}
      </>
    );
  }

  const rows = plans.data ?? [];
  const services = [...new Set(rows.map((plan) => plan.serviceId))];
  const shown = service ? rows.filter((plan) => plan.serviceId === service) : rows;
  let body;
  if (plans.isLoading || plans.isUninitialized) {
    body = <ScreenLoading label="Loading the upstream’s plans…" />;
  } else if (!plans.data) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void plans.refetch()}>
            Try again
          </Button>
        }
      >
        Could not load the upstream’s plans. {errorMessage(plans.error)}
      </Alert>
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyState title="No plans read yet">
        {maySync ? 'Read them from the upstream with the button above.' : 'An owner reads them from the upstream.'}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <FormControl margin="dense" sx={{ minWidth: 200, mb: 2 }}>
          <InputLabel variant="standard" htmlFor="upstream-plans-service" shrink>
            Service
          </InputLabel>
          <NativeSelect
            id="upstream-plans-service"
            value={service}
            onChange={(event) => setService(event.target.value)}
          >
            <option value="">All services</option>
            {services.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </NativeSelect>
        </FormControl>
        <Stack component="ul" aria-label="Plans" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {shown.map((plan) => (
            <li key={`${plan.serviceId}/${plan.code}`}>
              <UpstreamPlanItem
                upstreamId={id}
                plan={plan}
                mayEdit={maySync}
                onMapped={(text) => setOutcome({ severity: 'success', text })}
              />
            </li>
          ))}
        </Stack>
      </>
    );
  }

  return (
    <>
      <BackToUpstreams />
      <PageHeader
        title={`${upstream.name} plans`}
        subtitle="What it charges, and the catalogue plan each sells"
        action={
          maySync ? (
            <Button
              variant="outlined"
              startIcon={<Sync />}
              loading={syncing.isLoading}
              onClick={() => void readPlans()}
            >
              Read plans from the upstream
            </Button>
          ) : undefined
        }
      />
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
        An order for a plan goes to this upstream only with the upstream’s plan mapped to it; an unmapped plan is never
        sent. The margin is the agents’ default price less what the upstream charges.{' '}
        {maySync ? '' : 'Only an owner can read and map plans.'}
      </Alert>
      {body}
    </>
  );
}
