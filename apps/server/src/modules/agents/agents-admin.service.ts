import { randomUUID } from 'node:crypto';
import { displayNaira, formatNaira } from '@agentdesk/contract/money';
import type { Database, Queryable } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditActor } from '../audit/audit-actor.js';
import { recordAudit } from '../audit/record-audit.js';
import type { PasswordResetService } from '../auth/password-reset.service.js';
import { revokeUserSessions } from '../auth/sessions.repo.js';
import type { UserRow } from '../auth/users.repo.js';
import { findWalletBalance } from '../ledger/ledger.repo.js';
import { postWalletMovement } from '../ledger/wallet-movement.js';
import { insertNotification } from '../notifications/notifications.repo.js';
import {
  findAdjustment,
  findAdjustmentByKey,
  findAgent,
  insertAdjustment,
  lockAdjustment,
  lockAgent,
  markAdjustmentDecided,
  setSuspension,
  type AdjustmentRow,
} from './agents-admin.repo.js';

export interface AdjustmentRequest {
  direction: 'credit' | 'debit';
  amount: bigint;
  reason: string;
  idempotencyKey: string;
}

const notFound = () => new AppError('NOT_FOUND', 'Agent not found');
const adjustmentNotFound = () => new AppError('NOT_FOUND', 'Adjustment not found');

/**
 * Locks a pending adjustment for a second operator's decision: not found, already decided
 * (409) and the requester deciding their own (403) are refused here, for approve and reject alike.
 */
async function lockForDecision(
  tx: Queryable,
  actor: AuditActor,
  agentId: string,
  adjustmentId: string,
  decision: 'approve' | 'reject',
): Promise<NonNullable<Awaited<ReturnType<typeof lockAdjustment>>>> {
  const row = await lockAdjustment(tx, agentId, adjustmentId);
  if (!row) throw adjustmentNotFound();
  if (row.status !== 'pending') {
    throw new AppError('CONFLICT', `This adjustment was already ${row.status === 'posted' ? 'approved' : 'rejected'}`);
  }
  if (row.requested_by === actor.operatorId) {
    throw new AppError('FORBIDDEN', `You requested this adjustment: another operator must ${decision} it`);
  }
  return row;
}

/** The agent as the audit log records a change of status. */
const statusView = (user: Pick<UserRow, 'username' | 'suspended_at'>) => ({
  username: user.username,
  status: user.suspended_at ? 'suspended' : 'active',
});

/** An adjustment as the audit log records it, with the balance around it (naira). */
function adjustmentAudit(
  row: Pick<AdjustmentRow, 'direction' | 'amount' | 'status'>,
  balance: bigint,
  extra: Record<string, unknown> = {},
) {
  return {
    direction: row.direction,
    amount: formatNaira(row.amount),
    status: row.status,
    balance: formatNaira(balance),
    ...extra,
  };
}

/** Refuses a debit that would take the wallet below zero, naming both amounts. */
function refuseOverdraft(direction: 'credit' | 'debit', amount: bigint, balance: bigint): void {
  if (direction === 'debit' && amount > balance) {
    throw new AppError(
      'CONFLICT',
      `The wallet holds ${displayNaira(balance)}: a debit of ${displayNaira(amount)} would take it below zero. Nothing was changed.`,
      [{ path: 'amount', message: `At most ${displayNaira(balance)}` }],
    );
  }
}

/**
 * Agents as operators manage them (issue 21, item 2; docs/decisions/033): suspension, a
 * password reset sent for them, and wallet adjustments, each audited in its own transaction.
 */
export function createAgentsAdminService(deps: {
  db: Database;
  clock: Clock;
  passwordReset: PasswordResetService;
  /** Kobo: an adjustment above it waits for a second operator. */
  approvalThreshold: bigint;
}) {
  const { db, clock, passwordReset, approvalThreshold } = deps;

  /** Posts an adjustment's movement in `tx`: answers the history row and the balances around it. */
  async function post(tx: Queryable, adjustment: { id: string; agentId: string } & AdjustmentRequest, now: Date) {
    const before = await findWalletBalance(tx, adjustment.agentId);
    refuseOverdraft(adjustment.direction, adjustment.amount, before);
    const transaction = await postWalletMovement(tx, {
      userId: adjustment.agentId,
      direction: adjustment.direction,
      amount: adjustment.amount,
      counterpart: 'adjustments',
      idempotencyKey: `adjustment:${adjustment.id}`,
      type: 'adjustment',
      name: adjustment.direction === 'credit' ? 'Wallet credit' : 'Wallet debit',
      description: `Adjustment by the provider: ${adjustment.reason}`,
      details: { adjustmentId: adjustment.id },
      now,
    }).catch((error: unknown) => {
      // Another movement emptied the wallet between the check and the posting.
      if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') {
        throw new AppError('CONFLICT', 'The wallet no longer holds enough for this debit. Nothing was changed.');
      }
      throw error;
    });
    if (!transaction) throw new AppError('CONFLICT', 'This adjustment was already posted');
    await insertNotification(tx, {
      userId: adjustment.agentId,
      kind: 'account',
      title: adjustment.direction === 'credit' ? 'Wallet credited' : 'Wallet debited',
      body: `${displayNaira(adjustment.amount)} ${adjustment.direction === 'credit' ? 'added to' : 'taken from'} your wallet by the provider: ${adjustment.reason}`,
      now,
    });
    return { transaction, before, after: transaction.balance_after };
  }

  async function reload(id: string): Promise<AdjustmentRow> {
    const row = await findAdjustment(db, id);
    if (!row) throw adjustmentNotFound();
    return row;
  }

  /** The adjustment already made with this key, when the request is the same one; 409 when it is not. */
  function replayOf(existing: AdjustmentRow, request: AdjustmentRequest): AdjustmentRow {
    if (
      existing.direction !== request.direction ||
      existing.amount !== request.amount ||
      existing.reason !== request.reason
    ) {
      throw AppError.conflict('idempotencyKey', 'This idempotency key was used for a different adjustment');
    }
    return existing;
  }

  return {
    async suspend(actor: AuditActor, agentId: string, reason: string): Promise<void> {
      await db.transaction(async (tx) => {
        const agent = await lockAgent(tx, agentId);
        if (!agent) throw notFound();
        if (agent.suspended_at) throw new AppError('CONFLICT', `${agent.username} is already suspended`);
        const now = clock.now();
        await setSuspension(tx, agentId, { at: now, reason }, now);
        const sessionsEnded = await revokeUserSessions(tx, agentId, now);
        await recordAudit(
          tx,
          actor,
          {
            action: 'agent.suspend',
            target: { type: 'agent', id: agentId },
            agentId,
            before: statusView(agent),
            after: { ...statusView({ ...agent, suspended_at: now }), sessionsEnded },
            reason,
          },
          now,
        );
      });
      // Sessions and keys are kept with their user row: this instance forgets them before answering (decision 026).
      await db.notifications.delivered();
    },

    async reactivate(actor: AuditActor, agentId: string, reason: string): Promise<void> {
      await db.transaction(async (tx) => {
        const agent = await lockAgent(tx, agentId);
        if (!agent) throw notFound();
        if (!agent.suspended_at) throw new AppError('CONFLICT', `${agent.username} is not suspended`);
        const now = clock.now();
        await setSuspension(tx, agentId, null, now);
        await recordAudit(
          tx,
          actor,
          {
            action: 'agent.reactivate',
            target: { type: 'agent', id: agentId },
            agentId,
            before: { ...statusView(agent), suspensionReason: agent.suspension_reason },
            after: statusView({ ...agent, suspended_at: null }),
            reason,
          },
          now,
        );
      });
      await db.notifications.delivered();
    },

    /** The agent's usual reset email (a code), its audit row in the transaction that writes the code. */
    async sendPasswordReset(actor: AuditActor, agentId: string): Promise<UserRow> {
      const agent = await findAgent(db, agentId);
      if (!agent) throw notFound();
      await passwordReset.sendOnBehalf(agent, (tx, now) =>
        recordAudit(
          tx,
          actor,
          {
            action: 'agent.password-reset',
            target: { type: 'agent', id: agentId },
            agentId,
            after: { username: agent.username, emailedTo: agent.email },
          },
          now,
        ),
      );
      return agent;
    },

    /**
     * Credits or debits the wallet, once per idempotency key: posted at once up to the approval
     * threshold, pending above it. A retry answers the adjustment already made (`replayed`).
     */
    async adjust(
      actor: AuditActor,
      agentId: string,
      request: AdjustmentRequest,
    ): Promise<{ adjustment: AdjustmentRow; replayed: boolean }> {
      const existing = await findAdjustmentByKey(db, agentId, request.idempotencyKey);
      if (existing) return { adjustment: replayOf(existing, request), replayed: true };
      const id = randomUUID();
      try {
        await db.transaction(async (tx) => {
          const agent = await findAgent(tx, agentId);
          if (!agent) throw notFound();
          const now = clock.now();
          const base = {
            id,
            agentId,
            direction: request.direction,
            amount: request.amount,
            reason: request.reason,
            idempotencyKey: request.idempotencyKey,
            requestedBy: actor.operatorId!,
            now,
          };
          if (request.amount > approvalThreshold) {
            const balance = await findWalletBalance(tx, agentId);
            await insertAdjustment(tx, {
              ...base,
              status: 'pending',
              transactionId: null,
              balanceBefore: null,
              balanceAfter: null,
            });
            await recordAudit(
              tx,
              actor,
              {
                action: 'wallet.adjust.request',
                target: { type: 'adjustment', id },
                agentId,
                before: { balance: formatNaira(balance) },
                after: adjustmentAudit({ ...request, status: 'pending' }, balance, {
                  approvalThreshold: formatNaira(approvalThreshold),
                }),
                reason: request.reason,
              },
              now,
            );
            return;
          }
          const { transaction, before, after } = await post(tx, base, now);
          await insertAdjustment(tx, {
            ...base,
            status: 'posted',
            transactionId: transaction.id,
            balanceBefore: before,
            balanceAfter: after,
          });
          await recordAudit(
            tx,
            actor,
            {
              action: 'wallet.adjust',
              target: { type: 'adjustment', id },
              agentId,
              before: { balance: formatNaira(before) },
              after: adjustmentAudit({ ...request, status: 'posted' }, after, { transactionId: transaction.id }),
              reason: request.reason,
            },
            now,
          );
        });
      } catch (error) {
        // The same key sent twice at once: the second insert waited for the first and lost,
        // and its whole transaction (its movement included) rolled back.
        if ((error as { constraint?: string }).constraint === 'wallet_adjustments_key') {
          const winner = await findAdjustmentByKey(db, agentId, request.idempotencyKey);
          if (winner) return { adjustment: replayOf(winner, request), replayed: true };
        }
        throw error;
      }
      return { adjustment: await reload(id), replayed: false };
    },

    /** A second operator approves a pending adjustment: posted exactly once, however many approve at once. */
    async approve(actor: AuditActor, agentId: string, adjustmentId: string): Promise<AdjustmentRow> {
      await db.transaction(async (tx) => {
        const row = await lockForDecision(tx, actor, agentId, adjustmentId, 'approve');
        const now = clock.now();
        const { transaction, before, after } = await post(
          tx,
          {
            id: row.id,
            agentId,
            direction: row.direction,
            amount: row.amount,
            reason: row.reason,
            idempotencyKey: row.idempotency_key,
          },
          now,
        );
        await markAdjustmentDecided(tx, row.id, {
          status: 'posted',
          decidedBy: actor.operatorId!,
          reason: null,
          transactionId: transaction.id,
          balanceBefore: before,
          balanceAfter: after,
          now,
        });
        await recordAudit(
          tx,
          actor,
          {
            action: 'wallet.adjust.approve',
            target: { type: 'adjustment', id: row.id },
            agentId,
            before: adjustmentAudit(row, before),
            after: adjustmentAudit({ ...row, status: 'posted' }, after, {
              transactionId: transaction.id,
              requestedBy: row.requested_by,
            }),
            reason: row.reason,
          },
          now,
        );
      });
      return reload(adjustmentId);
    },

    async reject(actor: AuditActor, agentId: string, adjustmentId: string, reason: string): Promise<AdjustmentRow> {
      await db.transaction(async (tx) => {
        const row = await lockForDecision(tx, actor, agentId, adjustmentId, 'reject');
        const now = clock.now();
        const balance = await findWalletBalance(tx, agentId);
        await markAdjustmentDecided(tx, row.id, {
          status: 'rejected',
          decidedBy: actor.operatorId!,
          reason,
          transactionId: null,
          balanceBefore: null,
          balanceAfter: null,
          now,
        });
        await recordAudit(
          tx,
          actor,
          {
            action: 'wallet.adjust.reject',
            target: { type: 'adjustment', id: row.id },
            agentId,
            before: adjustmentAudit(row, balance),
            after: adjustmentAudit({ ...row, status: 'rejected' }, balance, { requestedBy: row.requested_by }),
            reason,
          },
          now,
        );
      });
      return reload(adjustmentId);
    },
  };
}

export type AgentsAdminService = ReturnType<typeof createAgentsAdminService>;
