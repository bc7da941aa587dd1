import { displayNaira, formatNaira } from '@agentdesk/contract/money';
import type { Logger } from 'pino';
import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditActor } from '../audit/audit-actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { postEntry } from '../ledger/ledger.repo.js';
import { planMovement } from '../ledger/ledger.service.js';
import { postWalletMovement } from '../ledger/wallet-movement.js';
import { insertNotification } from '../notifications/notifications.repo.js';
import { payPurchaseMarginBonus } from '../referrals/referral-bonus.js';
import type { UpstreamRegistry } from '../routing/upstream-registry.js';
import type { PayOutcome } from '../upstream/upstream.js';
import { enqueueOrderEvent } from '../webhooks/webhook-events.js';
import { listAttemptedUpstreams, moveToNextAttempt } from './order-attempts.repo.js';
import type { OrderBatches } from './order-batches.js';
import { updateOrder, type OrderChange } from './order-writes.repo.js';
import {
  alertOrder,
  lockOrder,
  recordResolution,
  type OrderAgent,
  type OrderAlert,
  type OrderRow,
} from './orders.repo.js';

/**
 * Where an answer came from, which decides what an answer that settles nothing does:
 * - `pay`: the answer to our pay (the call is over: the order may be sent again later);
 * - `requery`: the worker's or an operator's question (the order waits for the next one);
 * - `hint`: the upstream's webhook, confirmed by a requery (the order's schedule is left alone).
 */
export type AnswerSource = 'pay' | 'requery' | 'hint';

/**
 * An operator whose requery this is: asking what became of the order (`order.requery`), or
 * for a refund, with why (`order.refund`). What it settles is recorded with them, and audited,
 * in the same transaction.
 */
export type OperatorAsking =
  { action: 'order.requery'; actor: AuditActor } | { action: 'order.refund'; actor: AuditActor; reason: string };

/**
 * Which attempt of which order an answer is about: the order's id and the upstream request id
 * that was paid or asked about. An answer about an attempt the order moved on from settles nothing.
 */
export type AnswerAbout = Pick<OrderRow, 'id' | 'upstream_request_id'>;

/** An operator's refund by force: who, the reason the agent is shown, and the note kept on the order. */
export interface OperatorRefund {
  actor: AuditActor;
  reason: string;
  note: string;
}

/** An order as its audit rows show it, before and after an operator's action (no token, no PIN). */
export function orderAuditView(order: OrderRow) {
  return {
    status: order.status === 'debited' ? 'pending' : order.status,
    price: formatNaira(order.price),
    recipient: order.recipient,
    product: order.product_name,
    upstreamCode: order.upstream_code,
    upstreamMessage: order.upstream_message,
    refundTransactionId: order.refund_transaction_id,
    attempts: order.attempts,
  };
}

/**
 * Applies what the upstream said about an order (docs/decisions/029), under the order's lock,
 * and answers the order as it now is:
 * - unresolved: `delivered` delivers it; `failed` and `reversed` refund it, once (key
 *   `refund:<order>`); a refused pay was not taken, so it is refunded too, and alerts. Anything
 *   else (unknown, a refused requery, an unknown request) settles nothing: the order waits for
 *   its next requery after the backoff, and a refusal alerts an operator, once;
 * - delivered: only a reversal changes it (refunded);
 * - refunded: never changes; a late "delivered" is flagged for an operator (the customer has
 *   the product and the agent has the money back), never silently ignored.
 */
export function createSettleOrder(deps: {
  db: Database;
  clock: Clock;
  log: Logger;
  batches: OrderBatches;
  /** Where an order may go when its upstream definitively did not process it (decision 037). */
  routing: Pick<UpstreamRegistry, 'targets' | 'newRequestId' | 'judge'>;
  /** Seconds before each requery, by requeries made; the last repeats. */
  backoffSeconds: readonly number[];
}) {
  const { db, clock, log, batches, routing, backoffSeconds } = deps;

  function deliveredChange(outcome: PayOutcome, now: Date, requestId: string): OrderChange {
    const result = {
      token: outcome.token,
      units: outcome.units,
      customerName: outcome.customerName,
      customerAddress: outcome.customerAddress,
      cards: outcome.cards,
      ...(outcome.pin ? { pin: outcome.pin } : {}),
    };
    return {
      status: 'delivered',
      now,
      code: outcome.code,
      message: outcome.message,
      result,
      countAttempt: true,
      history: { status: 'success', details: { ...result, upstreamTransactionId: outcome.upstreamTransactionId } },
      upstreamCost: outcome.amountCharged,
      requestId,
    };
  }

  const answerOf = (outcome: PayOutcome) => `${outcome.code} ${outcome.message}`;

  async function alert(tx: Queryable, order: OrderRow, kind: OrderAlert, outcome: PayOutcome, now: Date) {
    if (await alertOrder(tx, order.id, { kind, detail: answerOf(outcome), now })) {
      // Reported once per order and kind, however often the upstream repeats itself.
      log.error(
        { orderId: order.id, alert: kind, code: outcome.code, upstreamMessage: outcome.message },
        kind === 'upstream-refused'
          ? 'the upstream refused a call for a reason of the provider account: an operator must act'
          : kind === 'earlier-attempt-delivered'
            ? 'an upstream says it delivered an attempt the order moved on from: it may be sold twice, an operator must decide'
            : 'the upstream says it delivered an order that was refunded: an operator must decide',
      );
    }
  }

  async function deliver(tx: Queryable, order: OrderRow, agent: OrderAgent, outcome: PayOutcome, now: Date) {
    const delivered = await updateOrder(tx, order.id, deliveredChange(outcome, now, order.upstream_request_id));
    // A referrer's share of this margin, if the rule pays one: with the delivery, once.
    if (agent.referred) await payPurchaseMarginBonus(tx, delivered, now);
    // The agent's webhook event commits with the settlement it reports (an outbox row).
    if (agent.webhook) await enqueueOrderEvent(tx, delivered, now);
    return delivered;
  }

  async function refund(
    tx: Queryable,
    order: OrderRow,
    agent: OrderAgent,
    outcome: PayOutcome,
    now: Date,
    reversed: boolean,
  ): Promise<OrderRow> {
    const posted = await postWalletMovement(tx, {
      userId: order.user_id,
      direction: 'credit',
      amount: order.price,
      counterpart: 'upstream_float',
      // The money comes back from the float of the upstream the order was with last (decision 037).
      upstream: order.upstream_id,
      idempotencyKey: `refund:${order.id}`,
      type: 'refund',
      name: `Refund: ${order.product_name}`,
      description: `Refund for ${order.recipient}: ${outcome.message}`,
      service: order.service_id,
      recipient: order.recipient,
      details: { orderRequestId: order.request_id, reason: outcome.message },
      now,
    });
    if (!posted) throw new Error(`order ${order.id} was refunded twice`);
    await insertNotification(tx, {
      userId: order.user_id,
      kind: 'refund',
      title: 'Purchase refunded',
      body: `${order.product_name} for ${order.recipient} did not go through. ${displayNaira(order.price)} is back in your wallet.`,
      now,
    });
    const failed = await updateOrder(tx, order.id, {
      status: 'failed',
      now,
      code: outcome.code,
      message: outcome.message,
      refundTransactionId: posted.id,
      countAttempt: true,
      history: { status: reversed ? 'reversed' : 'failed' },
    });
    if (agent.webhook) await enqueueOrderEvent(tx, failed, now);
    return failed;
  }

  /**
   * The upstream definitively did not process the order (decision 037): it moves to the next
   * upstream of its route that it has not tried, under a new request id, with the price moved
   * from this upstream's float to that one's in the same transaction; the caller sends it. None
   * left: undefined, and the order is refunded. An operator's refund request never moves it.
   */
  async function failOver(tx: Queryable, order: OrderRow, outcome: PayOutcome, now: Date) {
    const targets = await routing.targets(order, tx);
    if (!targets.some((target) => target.upstreamId !== order.upstream_id)) return undefined;
    const tried = new Set([order.upstream_id, ...(await listAttemptedUpstreams(tx, order.id))]);
    const next = targets.find((target) => !tried.has(target.upstreamId));
    if (!next) return undefined;
    const key = `failover:${order.id}:${order.upstream_request_id}`;
    const moved = await postEntry(
      tx,
      planMovement({
        kind: 'failover',
        idempotencyKey: key,
        description: `Order ${order.id} moved from ${order.upstream_id} to ${next.upstreamId}: ${answerOf(outcome)}`,
        postings: [
          { party: { provider: 'upstream_float', upstream: order.upstream_id }, amount: -order.price },
          { party: { provider: 'upstream_float', upstream: next.upstreamId }, amount: order.price },
        ],
        now,
      }),
    );
    if (!moved) throw new Error(`order ${order.id} failed over twice from one attempt`);
    const attempt = {
      upstreamId: next.upstreamId,
      requestId: routing.newRequestId(next.kind, now),
      variationCode: next.upstreamCode,
    };
    log.warn(
      {
        orderId: order.id,
        from: order.upstream_id,
        to: next.upstreamId,
        code: outcome.code,
        upstreamMessage: outcome.message,
      },
      'an upstream definitively did not process an order: it goes to the next upstream of its route',
    );
    return moveToNextAttempt(tx, order, outcome, attempt, now);
  }

  /** Settles nothing: the next requery comes after the backoff, and never before a pay in flight may answer. */
  function postpone(tx: Queryable, order: OrderRow, outcome: PayOutcome, source: AnswerSource, now: Date) {
    const seconds = backoffSeconds[Math.min(order.attempts, backoffSeconds.length - 1)]!;
    const callAnswered = source === 'pay';
    const inFlightUntil = !callAnswered && order.sending_until ? order.sending_until.getTime() : 0;
    return updateOrder(tx, order.id, {
      status: 'pending',
      now,
      code: outcome.code,
      message: outcome.message,
      nextAttemptAt: new Date(Math.max(now.getTime() + seconds * 1000, inFlightUntil)),
      countAttempt: true,
      callAnswered,
    });
  }

  /** Keeps on the order the operator who settled it and why, in the transaction that settled it. */
  async function recordOperator(tx: Queryable, order: OrderRow, operatorId: string | null, note: string) {
    if (operatorId === null) throw new Error('an order is settled by an operator only from the operator API');
    await recordResolution(tx, order.id, operatorId, note);
    return { ...order, resolved_by: operatorId, resolution_note: note };
  }

  const isSettled = (order: OrderRow) => order.status === 'delivered' || order.status === 'failed';

  /**
   * Whether the answer ended the order's current attempt badly: a definitive failure (a
   * delivered order's reversal too), or a pay answered with no final word. An answer about an
   * attempt the order moved on from, or a requery that still knows nothing, changes no outcome.
   */
  function endedBadly(before: OrderRow, about: AnswerAbout, outcome: PayOutcome, source: AnswerSource): boolean {
    if (about.upstream_request_id !== before.upstream_request_id || before.status === 'failed') return false;
    if (before.status === 'delivered') return outcome.verdict === 'reversed';
    if (outcome.verdict === 'failed' || outcome.verdict === 'reversed') return true;
    return source === 'pay' && outcome.verdict !== 'delivered';
  }

  /**
   * The operator's audit row, in the transaction of what their requery did: a requery always
   * (what the upstream said, what it changed); a refund request once it settled the order (a
   * refund on a definitive failure, or the delivery the upstream reported instead). A refund
   * request the upstream's answer settles nothing for is a 409 with no change to audit.
   */
  async function auditOperator(
    tx: Queryable,
    operator: OperatorAsking,
    before: OrderRow,
    after: OrderRow,
    outcome: PayOutcome,
    now: Date,
  ) {
    if (operator.action === 'order.refund' && !(isSettled(after) && !isSettled(before))) return;
    await recordAudit(
      tx,
      operator.actor,
      {
        action: operator.action,
        target: { type: 'order', id: before.id },
        agentId: before.user_id,
        before: orderAuditView(before),
        after: {
          ...orderAuditView(after),
          upstream: { verdict: outcome.verdict, code: outcome.code, message: outcome.message },
        },
        reason: operator.action === 'order.refund' ? operator.reason : null,
      },
      now,
    );
  }

  async function applyLocked(
    tx: Queryable,
    locked: { order: OrderRow; agent: OrderAgent },
    about: AnswerAbout,
    outcome: PayOutcome,
    source: AnswerSource,
    operator: OperatorAsking | undefined,
  ): Promise<OrderRow> {
    const now = clock.now();
    const after = await settleLocked(tx, locked, about.upstream_request_id, outcome, source, operator, now);
    if (operator) await auditOperator(tx, operator, locked.order, after, outcome, now);
    return after;
  }

  async function settleLocked(
    tx: Queryable,
    locked: { order: OrderRow; agent: OrderAgent },
    requestId: string,
    outcome: PayOutcome,
    source: AnswerSource,
    operator: OperatorAsking | undefined,
    now: Date,
  ): Promise<OrderRow> {
    const { order, agent } = locked;
    const { verdict } = outcome;

    if (requestId !== order.upstream_request_id) {
      // About an attempt the order moved on from, which had definitively failed: only a
      // delivery means anything now, and it is a contradiction an operator must see.
      if (verdict === 'delivered') await alert(tx, order, 'earlier-attempt-delivered', outcome, now);
      return order;
    }
    if (order.status === 'delivered') {
      return verdict === 'reversed' ? refund(tx, order, agent, outcome, now, true) : order;
    }
    if (order.status === 'failed') {
      if (verdict === 'delivered') await alert(tx, order, 'delivered-after-refund', outcome, now);
      return order;
    }

    switch (verdict) {
      case 'delivered':
        return deliver(tx, order, agent, outcome, now);
      case 'failed':
      case 'reversed': {
        const next =
          verdict === 'failed' && operator?.action !== 'order.refund'
            ? await failOver(tx, order, outcome, now)
            : undefined;
        if (next) return next;
        const refunded = await refund(tx, order, agent, outcome, now, verdict === 'reversed');
        if (operator?.action !== 'order.refund') return refunded;
        const note = `Refunded on the upstream's answer (${outcome.code} ${outcome.message}): ${operator.reason}`;
        return recordOperator(tx, refunded, operator.actor.operatorId, note);
      }
      case 'refused':
        await alert(tx, order, 'upstream-refused', outcome, now);
        // A pay the upstream refused was not taken: nothing was sold. A refused requery says
        // nothing about the order (credentials rotated, balance, whitelisting): it waits.
        if (source === 'pay')
          return (await failOver(tx, order, outcome, now)) ?? refund(tx, order, agent, outcome, now, false);
        return source === 'hint' ? order : postpone(tx, order, outcome, source, now);
      case 'unknown':
      case 'unknown-request':
        return source === 'hint' ? order : postpone(tx, order, outcome, source, now);
    }
  }

  return {
    /**
     * Applies an answer about an order; see above. `operator`: the requery was an operator's,
     * asking for a refund; a refund it makes is recorded with them, in the same transaction.
     */
    async apply(
      about: AnswerAbout,
      outcome: PayOutcome,
      source: AnswerSource,
      operator?: OperatorAsking,
    ): Promise<OrderRow> {
      // Most deliveries owe nothing besides the order's own rows (no referral bonus, no webhook
      // event): one statement, shared with the deliveries in flight, settles them. Any other
      // case, an order already settled or moved on to another attempt, or an operator's requery
      // (audited in the transaction of what it did), takes the order's lock below.
      if (outcome.verdict === 'delivered' && !operator) {
        const change = deliveredChange(outcome, clock.now(), about.upstream_request_id);
        const delivered = await batches.deliver({ orderId: about.id, change });
        if (delivered) return delivered;
      }
      let opened = false;
      const after = await db.transaction(async (tx) => {
        const locked = await lockOrder(tx, about.id);
        if (!locked) throw new Error(`order ${about.id} vanished`);
        const applied = await applyLocked(tx, locked, about, outcome, source, operator);
        // Only an attempt that ended badly can open its upstream's breaker (decision 040).
        if (endedBadly(locked.order, about, outcome, source))
          opened = await routing.judge(locked.order, locked.order.upstream_id, tx);
        return applied;
      });
      // This instance's next purchase skips the upstream whose breaker this opened.
      if (opened) await db.notifications.delivered();
      return after;
    },

    /**
     * An operator's refund of an unresolved order, on the upstream's answer `outcome` (a
     * requery made just before), recorded with the operator and the note: only when no pay
     * for it may be in flight. Changes nothing when the order is settled or a pay may be in
     * flight (`refunded: false`).
     */
    async refundByOperator(
      orderId: string,
      outcome: PayOutcome,
      by: OperatorRefund,
    ): Promise<{ order: OrderRow; refunded: boolean }> {
      return db.transaction(async (tx) => {
        const locked = await lockOrder(tx, orderId);
        if (!locked) throw new Error(`order ${orderId} vanished`);
        const { order, agent } = locked;
        const now = clock.now();
        const settled = order.status === 'delivered' || order.status === 'failed';
        const inFlight = order.sending_until !== null && order.sending_until > now;
        if (settled || inFlight) return { order, refunded: false };
        const refunded = await refund(tx, order, agent, { ...outcome, message: by.reason }, now, false);
        const recorded = await recordOperator(tx, refunded, by.actor.operatorId, by.note);
        await recordAudit(
          tx,
          by.actor,
          {
            action: 'order.refund',
            target: { type: 'order', id: order.id },
            agentId: order.user_id,
            before: orderAuditView(order),
            after: {
              ...orderAuditView(recorded),
              forced: true,
              upstream: { verdict: outcome.verdict, code: outcome.code, message: outcome.message },
            },
            reason: by.reason,
          },
          now,
        );
        return { order: recorded, refunded: true };
      });
    },
  };
}

export type SettleOrder = ReturnType<typeof createSettleOrder>;
