import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  adjustAgentWallet,
  listAgentAdjustments,
  reactivateAgent,
  sendAgentPasswordReset,
  suspendAgent,
  type TWalletAdjustment,
} from '@agentdesk/contract/admin/agents';
import { listAudit } from '@agentdesk/contract/admin/audit';
import { moveAgentToPriceLevel } from '@agentdesk/contract/admin/price-levels';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { DateTime } from '../../components/date-time';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/http/error-message';
import { useAgentQuery } from '../api/agents';
import { AdjustDialog } from '../agents/adjust-dialog';
import { AdjustmentsSection } from '../agents/adjustments-section';
import { AgentStatusChip } from '../agents/agent-status-chip';
import { ApiSection } from '../agents/api-section';
import { AuditSection } from '../agents/audit-section';
import { DecideAdjustmentDialog } from '../agents/decide-adjustment-dialog';
import { MoveLevelDialog } from '../agents/move-level-dialog';
import { OutcomeAlert, type ActionOutcome } from '../shared/outcome-alert';
import { PasswordResetDialog } from '../agents/password-reset-dialog';
import { KycSection } from '../agents/kyc-section';
import { PriceLevelSection } from '../agents/price-level-section';
import { ProfileSection } from '../agents/profile-section';
import { StatusDialog } from '../agents/status-dialog';
import { WalletSection } from '../agents/wallet-section';
import { ScreenLoading } from '../layout/screen-loading';
import { useConsoleParams } from './console-params';
import { useOperatorMay } from '../session/use-operator-may';

type Acting =
  | { kind: 'suspend' | 'reactivate' | 'password-reset' | 'price-level' }
  | { kind: 'adjust'; direction: 'credit' | 'debit' }
  | { kind: 'decide'; adjustment: TWalletAdjustment; decision: 'approve' | 'reject' }
  | null;

function BackToAgents() {
  return (
    <Link
      component={RouterLink}
      to="/admin/agents"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}
    >
      <ArrowBack fontSize="small" aria-hidden="true" />
      All agents
    </Link>
  );
}

/**
 * /admin/agents/:id: an agent's profile, status, wallet and its latest movements, wallet
 * adjustments (those waiting for a second operator among them), price level, API keys and
 * webhook, and referrals; with the actions the operator's role may take, each confirmed, sent once and
 * ending in a sentence that says what happened.
 */
export function AgentRoute() {
  const id = useConsoleParams().id ?? '';
  const agent = useAgentQuery(id, { refetchOnMountOrArgChange: true });
  const maySuspend = useOperatorMay(suspendAgent);
  const mayReactivate = useOperatorMay(reactivateAgent);
  const mayReset = useOperatorMay(sendAgentPasswordReset);
  const mayAdjust = useOperatorMay(adjustAgentWallet);
  const maySeeAdjustments = useOperatorMay(listAgentAdjustments);
  const mayReadAudit = useOperatorMay(listAudit);
  const mayMoveLevel = useOperatorMay(moveAgentToPriceLevel);
  const [acting, setActing] = useState<Acting>(null);
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);

  function done(result: ActionOutcome) {
    setActing(null);
    setOutcome(result);
  }

  if (agent.isLoading) {
    return (
      <>
        <PageHeader title="Agent" />
        <ScreenLoading label="Loading the agent…" />
      </>
    );
  }
  if (!agent.data) {
    const missing = (agent.error as { status?: unknown } | undefined)?.status === 404;
    return (
      <>
        <BackToAgents />
        <PageHeader title={missing ? 'Agent not found' : 'Agent'} />
        <Alert
          severity={missing ? 'warning' : 'error'}
          action={
            missing ? undefined : (
              <Button color="inherit" size="small" onClick={() => void agent.refetch()}>
                Try again
              </Button>
            )
          }
        >
          {missing
            ? 'No agent has this address: they may have been found by another link. Search for them in the agents list.'
            : `Could not load the agent. ${errorMessage(agent.error)}`}
        </Alert>
      </>
    );
  }

  const data = agent.data;
  const suspended = data.status === 'suspended';
  return (
    <>
      <BackToAgents />
      <PageHeader
        title={`${data.firstName} ${data.lastName}`}
        subtitle={`Agent ${data.username}`}
        action={<AgentStatusChip status={data.status} />}
      />
      <OutcomeAlert outcome={outcome} onClose={() => setOutcome(null)} />
      {suspended && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Suspended
          {data.suspendedAt && (
            <>
              {' '}
              since <DateTime value={data.suspendedAt} />
            </>
          )}
          {data.suspensionReason ? `: “${data.suspensionReason}”` : ''}. The agent cannot sign in, use API keys or buy.
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', gap: 1, '& > *': { m: '0 !important' } }}>
        {!suspended && maySuspend && (
          <Button
            variant="outlined"
            color="error"
            // The theme's red as text falls under 4.5:1 on the page's grey: its darker shade.
            sx={{ color: 'error.dark', borderColor: 'error.dark' }}
            onClick={() => setActing({ kind: 'suspend' })}
          >
            Suspend
          </Button>
        )}
        {suspended && mayReactivate && (
          <Button variant="contained" color="success" onClick={() => setActing({ kind: 'reactivate' })}>
            Reactivate
          </Button>
        )}
        {mayReset && (
          <Button variant="outlined" onClick={() => setActing({ kind: 'password-reset' })}>
            Send password reset
          </Button>
        )}
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <WalletSection
            agent={data}
            mayAdjust={mayAdjust}
            onAdjust={(direction) => setActing({ kind: 'adjust', direction })}
          />
          {maySeeAdjustments && (
            <AdjustmentsSection
              agent={data}
              onDecide={(adjustment, decision) => setActing({ kind: 'decide', adjustment, decision })}
            />
          )}
        </Stack>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <ProfileSection agent={data} />
          <KycSection agentId={data.id} />
          <PriceLevelSection agent={data} mayMove={mayMoveLevel} onMove={() => setActing({ kind: 'price-level' })} />
          <ApiSection agent={data} />
          {mayReadAudit && <AuditSection agent={data} />}
        </Stack>
      </Box>
      {(acting?.kind === 'suspend' || acting?.kind === 'reactivate') && (
        <StatusDialog agent={data} action={acting.kind} onClose={() => setActing(null)} onDone={done} />
      )}
      {acting?.kind === 'password-reset' && (
        <PasswordResetDialog agent={data} onClose={() => setActing(null)} onDone={done} />
      )}
      {acting?.kind === 'price-level' && <MoveLevelDialog agent={data} onClose={() => setActing(null)} onDone={done} />}
      {acting?.kind === 'adjust' && (
        <AdjustDialog agent={data} direction={acting.direction} onClose={() => setActing(null)} onDone={done} />
      )}
      {acting?.kind === 'decide' && (
        <DecideAdjustmentDialog
          agent={data}
          adjustment={acting.adjustment}
          decision={acting.decision}
          onClose={() => setActing(null)}
          onDone={done}
        />
      )}
    </>
  );
}
