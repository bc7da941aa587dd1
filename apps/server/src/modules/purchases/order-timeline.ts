import { formatNaira } from '@agentdesk/contract/money';
import type { TOrderEvent } from '@agentdesk/contract/admin/orders';
import type { OrderAuditRow, OrderDetailRow } from './orders-admin.repo.js';
import type { ExchangeRow } from './upstream-exchanges.repo.js';

const iso = (value: Date | string) => new Date(value).toISOString();

const VERDICT_WORDS: Record<string, string> = {
  delivered: 'delivered',
  failed: 'failed (definitively)',
  reversed: 'reversed',
  unknown: 'no definitive answer',
  refused: "refused for a reason of the provider's account",
  'unknown-request': 'no record of the request',
};

/** What an exchange's answer said, in words. */
export function answerInWords(exchange: ExchangeRow): string {
  if (exchange.error) return exchange.error;
  const verdict = exchange.verdict ? (VERDICT_WORDS[exchange.verdict] ?? exchange.verdict) : 'answered';
  return `The upstream answered ${exchange.code ?? `HTTP ${exchange.response_status ?? '?'}`}: ${verdict}`;
}

/**
 * An order's life from what the tables hold, oldest first: its creation and debit, each
 * exchange with the upstream (or, for an order older than the exchange log, when it was sent),
 * each operator's action (the audit log), an alert, and its settlement.
 */
export function orderTimeline(order: OrderDetailRow, exchanges: ExchangeRow[], audit: OrderAuditRow[]): TOrderEvent[] {
  const events: TOrderEvent[] = [
    {
      at: iso(order.created_at),
      kind: 'created',
      title: `Ordered by ${order.username}; ₦${formatNaira(order.price)} debited`,
      detail: `${order.product_name} for ${order.recipient}${order.reference ? ` (${order.reference})` : ''}`,
    },
  ];
  for (const exchange of exchanges) {
    events.push({
      at: iso(exchange.started_at),
      kind: exchange.call === 'pay' ? 'paid' : 'requeried',
      title: exchange.call === 'pay' ? 'Sent to the upstream' : 'Requeried',
      detail: `${answerInWords(exchange)} (${exchange.duration_ms} ms)`,
    });
  }
  if (order.sent_at && !exchanges.some((exchange) => exchange.call === 'pay')) {
    events.push({ at: iso(order.sent_at), kind: 'paid', title: 'Sent to the upstream', detail: null });
  }
  for (const entry of audit) {
    const who = entry.operator_username ?? 'the command line';
    const said = entry.after?.upstream;
    events.push({
      at: iso(entry.at),
      kind: 'operator',
      title: entry.action === 'order.refund' ? `Refund by ${who}` : `Requery by ${who}`,
      detail:
        [entry.reason, said ? `the upstream said ${said.code ?? ''} ${said.message ?? ''}`.trim() : null]
          .filter(Boolean)
          .join('; ') || null,
    });
  }
  if (order.alerted_at && order.alert) {
    events.push({
      at: iso(order.alerted_at),
      kind: 'alert',
      title:
        order.alert === 'upstream-refused'
          ? "Alert: the upstream refused a call for a reason of the provider's account"
          : 'Alert: the upstream says it delivered this refunded order',
      detail: order.alert_detail,
    });
  }
  if (order.status === 'delivered' && order.settled_at) {
    events.push({ at: iso(order.settled_at), kind: 'delivered', title: 'Delivered', detail: order.upstream_message });
  }
  if (order.status === 'failed') {
    events.push({
      at: iso(order.refunded_at ?? order.settled_at ?? order.updated_at),
      kind: 'refunded',
      title: `Refunded ₦${formatNaira(order.price)} to the agent`,
      detail:
        [order.refund_reference, order.resolution_note ?? order.upstream_message].filter(Boolean).join(': ') || null,
    });
  }
  // Stable: events at the same instant keep the order they were told in.
  return events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => a.event.at.localeCompare(b.event.at) || a.index - b.index)
    .map(({ event }) => event);
}
