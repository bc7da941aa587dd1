import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../components/date-time';
import { formatNaira } from '../../lib/money';
import type { TOrderPage } from '../api/orders';
import { SERVICE_LABELS } from './order-filters';

/** What each alert tells the operator, in words. */
const ALERT_TEXT: Record<NonNullable<TOrderPage['order']['alert']>, string> = {
  'upstream-refused': "The upstream refused a call for a reason of the provider's account",
  'delivered-after-refund': 'The upstream says it delivered this refunded order',
  'earlier-attempt-delivered':
    'An upstream says it delivered an attempt this order moved on from: it may have been sold twice',
};

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

/** What the order is, who bought it and what the upstream last said. */
export function OrderSummary({ page }: { page: TOrderPage }) {
  const { order, agent } = page;
  const { result } = order;
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.75, m: 0 }}
    >
      <Detail term="Reference">{order.reference ?? '—'}</Detail>
      {order.refundReference && <Detail term="Refund">{order.refundReference}</Detail>}
      <Detail term="Agent">
        {agent.firstName} {agent.lastName} ({agent.username}), balance {formatNaira(agent.balance)}
      </Detail>
      <Detail term="Service">
        {SERVICE_LABELS[order.service]}: {order.productName}
      </Detail>
      <Detail term="Recipient">{order.recipient}</Detail>
      {order.phone !== order.recipient && <Detail term="Phone">{order.phone}</Detail>}
      <Detail term="Price">
        {formatNaira(order.price)} (face value {formatNaira(order.faceValue)})
      </Detail>
      <Detail term="Ordered">{formatDateTime(order.createdAt)}</Detail>
      {order.settledAt && <Detail term="Settled">{formatDateTime(order.settledAt)}</Detail>}
      <Detail term="Request id">{order.requestId}</Detail>
      <Detail term="Upstream id">{order.upstreamRequestId}</Detail>
      <Detail term="Upstream said">
        {[order.upstreamCode, order.message].filter(Boolean).join(' ') || 'Nothing yet'}
      </Detail>
      <Detail term="Upstream">{order.upstreamId}</Detail>
      {page.earlierAttempts.length > 0 && (
        <Detail term="Earlier attempts">
          {page.earlierAttempts
            .map((attempt) => `${attempt.upstreamId}: ${attempt.verdict} (${attempt.code} ${attempt.message})`)
            .join('; ')}
        </Detail>
      )}
      <Detail term="Requeries">{order.attempts}</Detail>
      {result.token && <Detail term="Token">{result.token}</Detail>}
      {result.pin && <Detail term="PIN">{result.pin}</Detail>}
      {result.cards.length > 0 && (
        <Detail term="Cards">{result.cards.map((card) => `${card.serial}: ${card.pin}`).join(', ')}</Detail>
      )}
      {order.alert && (
        <Detail term="Alert">
          {ALERT_TEXT[order.alert]}
          {order.alertDetail ? ` (${order.alertDetail})` : ''}
        </Detail>
      )}
      {order.resolutionNote && <Detail term="Resolution">{order.resolutionNote}</Detail>}
    </Box>
  );
}
