import { useState } from 'react';
import { useSelector } from 'react-redux';
import type { TOperator } from '@agentdesk/contract/admin/operators';
import { changeOperatorRole, deactivateOperator, inviteOperator } from '@agentdesk/contract/admin/operators';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import PersonAdd from '@mui/icons-material/PersonAdd';
import { EmptyState } from '../../components/empty-state';
import { LoadMore } from '../../components/load-more';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/http/error-message';
import { useOperatorsInfiniteQuery } from '../api/operators';
import { ScreenLoading } from '../layout/screen-loading';
import { OutcomeAlert, type ActionOutcome } from '../shared/outcome-alert';
import { DeactivateDialog } from '../operators/deactivate-dialog';
import { InviteDialog } from '../operators/invite-dialog';
import { OperatorCard } from '../operators/operator-card';
import { RoleDialog } from '../operators/role-dialog';
import { selectOperatorSession } from '../session/operator-session-slice';
import { useOperatorMay } from '../session/use-operator-may';

type Acting = { kind: 'invite' } | { kind: 'role' | 'deactivate'; operator: TOperator } | null;

/**
 * /admin/operators: the provider's staff, oldest first, with role and status. The owner
 * invites, changes roles and deactivates; the other roles read the list (the server lets every
 * operator read it) and are told who manages it.
 */
export function OperatorsRoute() {
  const list = useOperatorsInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  const rows = list.data?.pages.flatMap((page) => page.data) ?? [];
  const { operator: me } = useSelector(selectOperatorSession);
  const mayInvite = useOperatorMay(inviteOperator);
  const mayChange = useOperatorMay(changeOperatorRole);
  const mayDeactivate = useOperatorMay(deactivateOperator);
  const [acting, setActing] = useState<Acting>(null);
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);

  function done(message: string) {
    setActing(null);
    setOutcome({ severity: 'success', text: message });
  }

  let body;
  if (list.isLoading) {
    body = <ScreenLoading label="Loading the operators…" />;
  } else if (list.isError && rows.length === 0) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
            Try again
          </Button>
        }
      >
        Could not load the operators. {errorMessage(list.error)}
      </Alert>
    );
  } else if (rows.length === 0) {
    body = <EmptyState title="No operators yet">Invite the provider’s staff with a role each.</EmptyState>;
  } else {
    body = (
      <>
        <Stack component="ul" aria-label="Operators" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((operator) => (
            <li key={operator.id}>
              <OperatorCard
                operator={operator}
                isYou={operator.id === me?.id}
                manage={mayChange && mayDeactivate}
                onChangeRole={() => setActing({ kind: 'role', operator })}
                onDeactivate={() => setActing({ kind: 'deactivate', operator })}
              />
            </li>
          ))}
        </Stack>
        <LoadMore
          hasMore={list.hasNextPage}
          loading={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          label="Load more operators"
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Operators"
        subtitle="The provider’s staff and their roles, oldest first"
        action={
          mayInvite && (
            <Button variant="contained" startIcon={<PersonAdd />} onClick={() => setActing({ kind: 'invite' })}>
              Invite an operator
            </Button>
          )
        }
      />
      {!mayInvite && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Only the owner manages operators. You can see who they are and their roles.
        </Alert>
      )}
      <OutcomeAlert outcome={outcome} onClose={() => setOutcome(null)} />
      {body}
      {acting?.kind === 'invite' && <InviteDialog onClose={() => setActing(null)} onDone={done} />}
      {acting?.kind === 'role' && (
        <RoleDialog operator={acting.operator} onClose={() => setActing(null)} onDone={done} />
      )}
      {acting?.kind === 'deactivate' && (
        <DeactivateDialog
          operator={acting.operator}
          isYou={acting.operator.id === me?.id}
          onClose={() => setActing(null)}
          onDone={done}
        />
      )}
    </>
  );
}
