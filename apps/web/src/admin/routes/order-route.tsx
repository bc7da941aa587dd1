import { useEffect, useRef, useState, type ReactNode } from 'react';
import { refundOrder, requeryOrder } from '@agentdesk/contract/admin/orders';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/http/error-message';
import { useOrderQuery, useRequeryOrderMutation } from '../api/orders';
import { ScreenLoading } from '../layout/screen-loading';
import { ExchangePanel } from '../orders/exchange-panel';
import { OrderStateChip } from '../orders/order-state-chip';
import { OrderSummary } from '../orders/order-summary';
import { OrderTimeline } from '../orders/order-timeline';
import { RefundDialog } from '../orders/refund-dialog';
import { useOperatorMay } from '../session/use-operator-may';
import { useConsoleParams } from './console-params';

interface Outcome {
  severity: 'success' | 'info' | 'error';
  text: string;
}

const isNotFound = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `order-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * /admin/orders/:id: an order, its agent, its timeline and every exchange with the upstream
 * (request and answer, secrets redacted); "Requery now" and "Refund" for an unresolved order,
 * each offered only to the roles that may take it.
 */
export function OrderRoute() {
  const { id = '' } = useConsoleParams();
  const order = useOrderQuery(id);
  const [requery, requerying] = useRequeryOrderMutation();
  const mayRequery = useOperatorMay(requeryOrder);
  const mayRefund = useOperatorMay(refundOrder);
  const [refunding, setRefunding] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  async function requeryNow() {
    try {
      const answer = await requery(id).unwrap();
      setOutcome({ severity: 'info', text: `Requeried: ${answer.message.replace(/^The order/, 'the order')}.` });
    } catch (error) {
      setOutcome({ severity: 'error', text: `The requery failed. ${errorMessage(error)}` });
    }
  }

  const back = (
    <Link component={RouterLink} to="/admin/orders">
      All orders
    </Link>
  );

  if (order.isLoading) return <ScreenLoading label="Loading the order…" />;
  if (!order.data) {
    return (
      <>
        <PageHeader title="Order" />
        <Alert
          severity="error"
          action={
            isNotFound(order.error) ? undefined : (
              <Button color="inherit" size="small" onClick={() => void order.refetch()}>
                Try again
              </Button>
            )
          }
        >
          {isNotFound(order.error)
            ? 'There is no such order.'
            : `Could not load the order. ${errorMessage(order.error)}`}
        </Alert>
        <Box sx={{ mt: 2 }}>{back}</Box>
      </>
    );
  }

  const page = order.data;
  const pending = page.order.status === 'pending';
  return (
    <>
      <Box sx={{ mb: 1 }}>{back}</Box>
      <PageHeader
        title={`${page.order.productName} for ${page.order.recipient}`}
        subtitle={page.order.reference ?? page.order.id}
        action={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <OrderStateChip status={page.order.status} />
            {pending && mayRequery && (
              <Button variant="outlined" onClick={() => void requeryNow()} loading={requerying.isLoading}>
                Requery now
              </Button>
            )}
            {pending && mayRefund && (
              <Button variant="outlined" onClick={() => setRefunding(true)}>
                Refund
              </Button>
            )}
          </Stack>
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
      <Stack spacing={2}>
        <Section title="Order">
          <OrderSummary page={page} />
        </Section>
        <Section title="Timeline">
          <OrderTimeline events={page.timeline} />
        </Section>
        <Section title="Exchanges with the upstream">
          {page.exchanges.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No exchange recorded (orders placed before the exchange log have none).
            </Typography>
          ) : (
            <Stack spacing={1}>
              <Typography variant="body2" color="text.secondary">
                Each attempt as sent and as answered; credentials are removed before they are stored.
              </Typography>
              {page.exchanges.map((exchange, index) => (
                <ExchangePanel key={exchange.id} exchange={exchange} index={index} />
              ))}
            </Stack>
          )}
        </Section>
      </Stack>
      {refunding && (
        <RefundDialog
          order={page.order}
          onClose={() => setRefunding(false)}
          onDone={(result) => {
            setRefunding(false);
            setOutcome(result);
          }}
        />
      )}
    </>
  );
}
