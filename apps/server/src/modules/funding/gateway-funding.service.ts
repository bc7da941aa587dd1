import { displayNaira, formatNaira } from '@agentdesk/contract/money';
import type { GatewayFee } from '../../config.js';
import type { Database, Queryable } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditActor } from '../audit/audit-actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { findUserById } from '../auth/users.repo.js';
import { postWalletMovement } from '../ledger/wallet-movement.js';
import { insertNotification } from '../notifications/notifications.repo.js';
import { payFirstFundingBonus } from '../referrals/referral-bonus.js';
import {
  gatewayFee,
  GatewayUnreachable,
  type GatewayClient,
  type VerifiedTransaction,
} from '../gateways/gateway-client.js';
import {
  findGatewayEventOutcome,
  findGatewayPayment,
  findVirtualAccountOwner,
  insertGatewayEvent,
  lockGatewayEvent,
  noteGatewayEvent,
  resolveGatewayEvent,
  setGatewayEventTransaction,
  type GatewayEventRow,
  type GatewayPaymentRow,
} from './funding.repo.js';
import type { Gateway, GatewayPayment } from './gateway-events.js';

export type GatewayOutcome = 'credited' | 'duplicate' | 'unmatched';

const gatewayName = (gateway: Gateway) => (gateway === 'paystack' ? 'Paystack' : 'Monnify');

/**
 * Credits a gateway payment to an agent's wallet: the ledger key is the gateway's reference
 * (`paystack:<ref>`), whoever credits it (the gateway's delivery, its retry, an operator), so a
 * payment reaches one wallet once. Answers the wallet transaction, or nothing when that key
 * was posted already.
 */
async function creditWallet(
  tx: Queryable,
  payment: { gateway: Gateway; reference: string; amount: bigint; fee: bigint; userId: string; now: Date },
): Promise<{ id: string } | undefined> {
  const { gateway, reference, amount, fee, userId, now } = payment;
  // The wallet gets the transfer less the fee; the fee goes to the fees account, and the gateway
  // clearing account gives the whole transfer: the entry balances (decision 046).
  const net = amount - fee;
  const transaction = await postWalletMovement(tx, {
    userId,
    direction: 'credit',
    amount: net,
    fee,
    counterpart: 'gateway_clearing',
    idempotencyKey: `${gateway}:${reference}`,
    type: 'funding',
    name: 'Wallet funding',
    description:
      fee > 0n
        ? `Transfer of ${displayNaira(amount)} to your ${gatewayName(gateway)} account (${reference}), less a fee of ${displayNaira(fee)}`
        : `Transfer to your ${gatewayName(gateway)} account (${reference})`,
    service: gateway,
    details: {
      gatewayReference: reference,
      gross: formatNaira(amount),
      fee: formatNaira(fee),
      netCredited: formatNaira(net),
    },
    now,
  });
  if (!transaction) return undefined;
  await insertNotification(tx, {
    userId,
    kind: 'funding',
    title: 'Wallet funded',
    body:
      fee > 0n
        ? `${displayNaira(net)} from your bank transfer of ${displayNaira(amount)} is now in your wallet (fee ${displayNaira(fee)}).`
        : `${displayNaira(amount)} from your bank transfer is now in your wallet.`,
    now,
  });
  await payFirstFundingBonus(tx, userId, now);
  return transaction;
}

/** A gateway payment as its audit rows show it. */
function paymentAuditView(event: GatewayEventRow) {
  return {
    status: event.outcome,
    gateway: event.provider,
    reference: event.reference,
    amount: event.amount === null ? null : formatNaira(event.amount),
    agentId: event.user_id,
    transactionId: event.transaction_id,
  };
}

/**
 * Gateway payments into agents' virtual accounts: credited exactly once per gateway reference
 * however often they are delivered. A payment that arrives before the agent's virtual account
 * is recorded is kept `unmatched`; the gateway's next delivery of it, once the account is
 * recorded, credits it, and an operator may credit it to an agent or dismiss it. Recording the
 * account credits nothing by itself (docs/decisions/014).
 */
export function createGatewayFundingService(deps: {
  db: Database;
  clock: Clock;
  /** Each enabled gateway's API: a payment is credited only as its verify call confirms it. */
  clients: Partial<Record<Gateway, GatewayClient>>;
  fees: Partial<Record<Gateway, GatewayFee>>;
}) {
  const { db, clock, clients, fees } = deps;
  const feeOf = (gateway: Gateway, amount: bigint) => {
    const fee = fees[gateway];
    return fee ? gatewayFee(fee, amount) : 0n;
  };

  /**
   * Asks the gateway about a payment; answers why it is not confirmed, or undefined when it is.
   * A gateway that cannot be asked throws GatewayUnreachable: neither a credit nor a refusal.
   */
  async function contradiction(
    gateway: Gateway,
    payment: { reference: string; amount: bigint; customerReference?: string | null | undefined },
  ): Promise<string | undefined> {
    const client = clients[gateway];
    if (!client) return `${gatewayName(gateway)} is not configured: the payment cannot be verified`;
    const verified: VerifiedTransaction | undefined = await client.verify(payment.reference);
    if (!verified) return `${gatewayName(gateway)} knows no such transaction`;
    if (!verified.paid) return `${gatewayName(gateway)} says the transaction is ${verified.status || 'not paid'}`;
    if (verified.amount !== payment.amount) {
      return `${gatewayName(gateway)} says ${formatNaira(verified.amount)} was paid, not ${formatNaira(payment.amount)}`;
    }
    if (payment.customerReference && verified.customerReference !== payment.customerReference) {
      return `${gatewayName(gateway)} says the payment was to ${verified.customerReference ?? 'another account'}`;
    }
    return undefined;
  }

  async function reload(id: string): Promise<GatewayPaymentRow> {
    const row = await findGatewayPayment(db, id);
    if (!row) throw new AppError('NOT_FOUND', 'Gateway payment not found');
    return row;
  }

  /** Locks an operator's target: an unmatched payment, or 404 / 409 saying what it is. */
  async function lockUnmatched(tx: Queryable, id: string): Promise<GatewayEventRow & { amount: bigint }> {
    const event = await lockGatewayEvent(tx, { id });
    if (!event || event.outcome === 'ignored') throw new AppError('NOT_FOUND', 'Gateway payment not found');
    if (event.outcome !== 'unmatched' || event.amount === null) {
      throw new AppError('CONFLICT', `This payment was already ${event.outcome}`);
    }
    return { ...event, amount: event.amount };
  }

  return {
    /** A signed delivery of a payment (the first or a retry). */
    async credit(gateway: Gateway, payment: GatewayPayment, payload: unknown): Promise<GatewayOutcome> {
      // A replay of a settled payment asks the gateway nothing.
      const settled = await findGatewayEventOutcome(db, gateway, payment.reference);
      if (settled === 'credited' || settled === 'dismissed') return 'duplicate';
      // Outside the transaction: no row is locked while the gateway answers.
      const refused = await contradiction(gateway, payment);
      const fee = feeOf(gateway, payment.amount);
      return db.transaction(async (tx) => {
        const now = clock.now();
        const userId = await findVirtualAccountOwner(tx, gateway, {
          reference: payment.customerReference,
          accountNumber: payment.accountNumber,
        });
        const credit = Boolean(userId) && !refused;
        const eventId = await insertGatewayEvent(tx, {
          provider: gateway,
          reference: payment.reference,
          userId: credit ? userId! : null,
          amount: payment.amount,
          outcome: credit ? 'credited' : 'unmatched',
          payload,
          now,
        });
        if (eventId) {
          // Not confirmed by the gateway: kept for operators with the gateway's word, never credited.
          await noteGatewayEvent(tx, eventId, { verifyNote: refused ?? null, ...(credit ? { fee } : {}) });
          if (!userId || refused) return 'unmatched';
          const transaction = await creditWallet(tx, {
            gateway,
            reference: payment.reference,
            amount: payment.amount,
            fee,
            userId,
            now,
          });
          if (!transaction) return 'duplicate';
          await setGatewayEventTransaction(tx, eventId, transaction.id);
          return 'credited';
        }
        // Seen before. Only an unmatched payment is still owed to someone: the gateway retries
        // until it is acknowledged and operators may ask it to resend, so the retry credits it
        // once the account is known. The row's lock makes a retry and an operator take turns.
        const seen = await lockGatewayEvent(tx, { provider: gateway, reference: payment.reference });
        if (seen?.outcome !== 'unmatched') return 'duplicate';
        await noteGatewayEvent(tx, seen.id, { verifyNote: refused ?? null });
        if (!userId || refused) return 'unmatched';
        // The signature covers this delivery; a different amount under the same reference is not
        // the payment that was kept, and is left for an operator.
        if (seen.amount !== payment.amount) return 'unmatched';
        const transaction = await creditWallet(tx, {
          gateway,
          reference: payment.reference,
          amount: payment.amount,
          fee,
          userId,
          now,
        });
        await noteGatewayEvent(tx, seen.id, { fee });
        if (!transaction) return 'duplicate';
        await resolveGatewayEvent(tx, seen.id, {
          outcome: 'credited',
          userId,
          transactionId: transaction.id,
          resolvedBy: null,
          reason: null,
          now,
        });
        return 'credited';
      });
    },

    /**
     * An operator credits an unmatched payment to an agent, exactly once: the payment's row is
     * locked, its state checked, and the ledger key is the gateway's reference, the one a later
     * delivery of the same payment would use.
     */
    async creditToAgent(id: string, actor: AuditActor, input: { agentId: string; reason: string }) {
      // The gateway confirms the payment first, as for a delivery (decision 046); not the agent:
      // choosing the agent is the operator's decision.
      const stored = await findGatewayPayment(db, id);
      if (stored?.outcome === 'unmatched' && stored.amount !== null) {
        const refused = await contradiction(stored.provider, {
          reference: stored.reference,
          amount: stored.amount,
        }).catch((error: unknown) => {
          if (error instanceof GatewayUnreachable) {
            throw new AppError(
              'SERVICE_UNAVAILABLE',
              'The gateway could not be reached to confirm this payment; try again later',
            );
          }
          throw error;
        });
        if (refused) throw new AppError('CONFLICT', `The gateway does not confirm this payment: ${refused}`);
      }
      await db.transaction(async (tx) => {
        const event = await lockUnmatched(tx, id);
        const agent = await findUserById(tx, input.agentId);
        if (agent?.role !== 'agent') {
          throw new AppError('VALIDATION_FAILED', 'agentId: No agent has this id', [
            { path: 'agentId', message: 'No agent has this id' },
          ]);
        }
        const now = clock.now();
        const fee = feeOf(event.provider, event.amount);
        const transaction = await creditWallet(tx, {
          gateway: event.provider,
          reference: event.reference,
          amount: event.amount,
          fee,
          userId: agent.id,
          now,
        });
        await noteGatewayEvent(tx, event.id, { fee });
        if (!transaction) throw new AppError('CONFLICT', 'This payment was already credited');
        await resolveGatewayEvent(tx, event.id, {
          outcome: 'credited',
          userId: agent.id,
          transactionId: transaction.id,
          resolvedBy: actor.operatorId,
          reason: input.reason,
          now,
        });
        await recordAudit(
          tx,
          actor,
          {
            action: 'gateway-payment.credit',
            target: { type: 'gateway-payment', id: event.id },
            agentId: agent.id,
            before: paymentAuditView(event),
            after: {
              ...paymentAuditView({ ...event, outcome: 'credited', user_id: agent.id, transaction_id: transaction.id }),
              credited: formatNaira(event.amount - fee),
              ...(fee > 0n ? { fee: formatNaira(fee) } : {}),
            },
            reason: input.reason,
          },
          now,
        );
      });
      return reload(id);
    },

    /** An operator sets aside an unmatched payment that is no agent's; it is refunded outside AgentDesk. */
    async dismiss(id: string, actor: AuditActor, reason: string) {
      await db.transaction(async (tx) => {
        const event = await lockUnmatched(tx, id);
        const now = clock.now();
        await resolveGatewayEvent(tx, event.id, {
          outcome: 'dismissed',
          resolvedBy: actor.operatorId,
          reason,
          now,
        });
        await recordAudit(
          tx,
          actor,
          {
            action: 'gateway-payment.dismiss',
            target: { type: 'gateway-payment', id: event.id },
            before: paymentAuditView(event),
            after: paymentAuditView({ ...event, outcome: 'dismissed' }),
            reason,
          },
          now,
        );
      });
      return reload(id);
    },
  };
}

export type GatewayFundingService = ReturnType<typeof createGatewayFundingService>;
