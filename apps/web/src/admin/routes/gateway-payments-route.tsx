import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { GATEWAY_PAYMENT_STATUSES } from '@agentdesk/contract/admin/funding';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Refresh from '@mui/icons-material/Refresh';
import { EmptyState } from '../../components/empty-state';
import { LoadMore } from '../../components/load-more';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/http/error-message';
import {
  useGatewayPaymentsInfiniteQuery,
  type GatewayPaymentStatus,
  type TGatewayPayment,
} from '../api/gateway-payments';
import { OutcomeAlert, type ActionOutcome } from '../shared/outcome-alert';
import { FundingTabs } from '../funding/funding-tabs';
import { CreditPaymentDialog } from '../gateway-payments/credit-payment-dialog';
import { DismissPaymentDialog } from '../gateway-payments/dismiss-payment-dialog';
import { GatewayPaymentCard } from '../gateway-payments/gateway-payment-card';
import { ScreenLoading } from '../layout/screen-loading';

const STATUS_LABELS: Record<GatewayPaymentStatus, string> = {
  unmatched: 'Waiting',
  credited: 'Credited',
  dismissed: 'Set aside',
};

const EMPTY: Record<GatewayPaymentStatus, { title: string; text: string }> = {
  unmatched: {
    title: 'No payment waiting',
    text: 'A payment into a virtual account that no agent had when it arrived waits here until you credit it.',
  },
  credited: { title: 'No payment credited yet', text: 'Gateway payments credited to agents appear here.' },
  dismissed: { title: 'No payment set aside', text: 'Payments you set aside as no agent’s money appear here.' },
};

type Resolving = { kind: 'credit' | 'dismiss'; payment: TGatewayPayment } | null;

/**
 * /admin/funding/gateway-payments: payments through Monnify or Paystack, by what became of
 * them. The waiting ones (they reached no agent) are credited to the agent they belong to, once,
 * or set aside, with a reason the audit log keeps.
 */
export function GatewayPaymentsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('status');
  const status: GatewayPaymentStatus = (GATEWAY_PAYMENT_STATUSES as readonly string[]).includes(asked ?? '')
    ? (asked as GatewayPaymentStatus)
    : 'unmatched';
  const list = useGatewayPaymentsInfiniteQuery(status, { refetchOnMountOrArgChange: true });
  const rows = list.data?.pages.flatMap((page) => page.data) ?? [];
  const [resolving, setResolving] = useState<Resolving>(null);
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);

  function done(result: ActionOutcome) {
    setResolving(null);
    setOutcome(result);
  }

  let body;
  if (list.isLoading) {
    body = <ScreenLoading label="Loading the payments…" />;
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
        Could not load the payments. {errorMessage(list.error)}
      </Alert>
    );
  } else if (rows.length === 0) {
    body = <EmptyState title={EMPTY[status].title}>{EMPTY[status].text}</EmptyState>;
  } else {
    body = (
      <>
        <Stack component="ul" aria-label="Gateway payments" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((payment) => (
            <li key={payment.id}>
              <GatewayPaymentCard
                payment={payment}
                onCredit={() => setResolving({ kind: 'credit', payment })}
                onDismiss={() => setResolving({ kind: 'dismiss', payment })}
              />
            </li>
          ))}
        </Stack>
        <LoadMore
          hasMore={list.hasNextPage}
          loading={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          label="Load more payments"
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Gateway payments"
        subtitle="Payments into agents’ virtual accounts that reached no wallet, oldest first"
        action={
          <Button
            variant="outlined"
            startIcon={<Refresh />}
            onClick={() => void list.refetch()}
            loading={list.isFetching && !list.isLoading && !list.isFetchingNextPage}
          >
            Refresh
          </Button>
        }
      />
      <FundingTabs />
      <ToggleButtonGroup
        exclusive
        size="small"
        aria-label="Show payments"
        value={status}
        onChange={(_, value: GatewayPaymentStatus | null) => {
          if (!value) return;
          setOutcome(null);
          setSearchParams(value === 'unmatched' ? {} : { status: value });
        }}
        sx={{
          mb: 2,
          flexWrap: 'wrap',
          bgcolor: 'background.paper',
          // MUI's unselected grey is below 4.5:1 on the page: the text's own colour instead.
          '& .MuiToggleButton-root': { color: 'text.primary' },
          '& .MuiToggleButton-root.Mui-selected': { color: 'primary.dark', bgcolor: 'primary.light' },
        }}
      >
        {GATEWAY_PAYMENT_STATUSES.map((value) => (
          <ToggleButton key={value} value={value}>
            {STATUS_LABELS[value]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <OutcomeAlert outcome={outcome} onClose={() => setOutcome(null)} />
      {body}
      {resolving?.kind === 'credit' && (
        <CreditPaymentDialog payment={resolving.payment} onClose={() => setResolving(null)} onDone={done} />
      )}
      {resolving?.kind === 'dismiss' && (
        <DismissPaymentDialog payment={resolving.payment} onClose={() => setResolving(null)} onDone={done} />
      )}
    </>
  );
}
