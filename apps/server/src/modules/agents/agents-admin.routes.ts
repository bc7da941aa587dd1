import type { FastifyInstance } from 'fastify';
import {
  adjustAgentWallet,
  approveAdjustment,
  createAgent,
  getAgent,
  listAgentAdjustments,
  listAgents,
  listAgentTransactions,
  reactivateAgent,
  rejectAdjustment,
  sendAgentPasswordReset,
  suspendAgent,
} from '@agentdesk/contract/admin/agents';
import type { Database } from '../../db/database.js';
import { mountEndpoint } from '../../http/route.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { newReadableCode } from '../../lib/secrets.js';
import { recordAudit } from '../audit/record-audit.js';
import type { AccountsService } from '../auth/accounts.service.js';
import type { PasswordResetService } from '../auth/password-reset.service.js';
import { toUserView } from '../auth/user-view.js';
import { toTransactionView } from '../transactions/transaction-view.js';
import { cursorExists, listTransactions } from '../transactions/transactions.repo.js';
import { toAdjustmentView, toAgentDetail, toAgentSummary } from './agent-admin-view.js';
import {
  adjustmentCursorExists,
  agentCursorExists,
  findAgent,
  findAgentDetail,
  listAdjustmentRows,
  listAgentApiKeys,
  listAgentRows,
} from './agents-admin.repo.js';
import { createAgentsAdminService } from './agents-admin.service.js';

/** Agents as operators manage them. */
export function registerAgentsAdminRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    accounts: AccountsService;
    passwordReset: PasswordResetService;
    clock: Clock;
    /** Kobo: a wallet adjustment above it waits for a second operator's approval. */
    adjustmentApprovalThreshold: bigint;
  },
): void {
  const { db, accounts, clock } = deps;
  const agents = createAgentsAdminService({
    db,
    clock,
    passwordReset: deps.passwordReset,
    approvalThreshold: deps.adjustmentApprovalThreshold,
  });

  async function detail(id: string) {
    const row = await findAgentDetail(db, id);
    if (!row) throw new AppError('NOT_FOUND', 'Agent not found');
    return toAgentDetail(row, await listAgentApiKeys(db, id));
  }

  mountEndpoint(app, createAgent, {}, async ({ actor, body }) => {
    const generatedPassword = body.password
      ? null
      : newReadableCode(14, 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789');
    const user = await accounts.create(
      { ...body, role: 'agent', password: body.password ?? generatedPassword! },
      (tx, created) =>
        recordAudit(
          tx,
          actor,
          {
            action: 'agent.create',
            target: { type: 'agent', id: created.id },
            agentId: created.id,
            after: {
              username: created.username,
              firstName: created.first_name,
              lastName: created.last_name,
              email: created.email,
              phone: created.phone,
              // Whether the server chose the password (it is answered once, never kept here).
              credentials: generatedPassword === null ? 'chosen' : 'generated',
            },
          },
          clock.now(),
        ),
    );
    return { message: 'Agent created', data: { user: toUserView(user), generatedPassword } };
  });

  mountEndpoint(app, listAgents, {}, async ({ query }) => {
    if (query.cursor && !(await agentCursorExists(db, query.cursor))) throw AppError.unknownCursor();
    const rows = await listAgentRows(db, query);
    const page = rows.slice(0, query.limit);
    return {
      message: 'OK',
      data: page.map(toAgentSummary),
      meta: { nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null },
    };
  });

  mountEndpoint(app, getAgent, {}, async ({ params }) => ({ message: 'OK', data: await detail(params.id!) }));

  mountEndpoint(app, listAgentTransactions, {}, async ({ params, query }) => {
    const id = params.id!;
    if (!(await findAgent(db, id))) throw new AppError('NOT_FOUND', 'Agent not found');
    if (query.cursor && !(await cursorExists(db, id, query.cursor))) throw AppError.unknownCursor();
    // The agent's own history query (its (user_id, created_at, id) index), as an operator reads it.
    const rows = await listTransactions(db, { userId: id, limit: query.limit, cursor: query.cursor, type: query.type });
    const page = rows.slice(0, query.limit);
    return {
      message: 'OK',
      data: page.map(toTransactionView),
      meta: { nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null },
    };
  });

  mountEndpoint(app, suspendAgent, {}, async ({ actor, params, body }) => {
    await agents.suspend(actor, params.id!, body.reason);
    return {
      message: 'Suspended: the agent is signed out and can no longer sign in, use API keys or buy',
      data: await detail(params.id!),
    };
  });

  mountEndpoint(app, reactivateAgent, {}, async ({ actor, params, body }) => {
    await agents.reactivate(actor, params.id!, body.reason);
    return { message: 'Reactivated: the agent can sign in again', data: await detail(params.id!) };
  });

  mountEndpoint(app, sendAgentPasswordReset, {}, async ({ actor, params }) => {
    const agent = await agents.sendPasswordReset(actor, params.id!);
    return { message: `A password reset code was emailed to ${agent.email}`, data: { email: agent.email } };
  });

  mountEndpoint(app, adjustAgentWallet, {}, async ({ actor, params, body }) => {
    const { adjustment, replayed } = await agents.adjust(actor, params.id!, body);
    const message = replayed
      ? 'Already made with this idempotency key: nothing was posted again'
      : adjustment.status === 'pending'
        ? 'Above the approval threshold: waiting for a second operator’s approval'
        : `The wallet was ${adjustment.direction === 'credit' ? 'credited' : 'debited'}`;
    return { message, data: toAdjustmentView(adjustment) };
  });

  mountEndpoint(app, listAgentAdjustments, {}, async ({ params, query }) => {
    if (!(await findAgent(db, params.id!))) throw new AppError('NOT_FOUND', 'Agent not found');
    if (query.cursor && !(await adjustmentCursorExists(db, params.id!, query.cursor))) throw AppError.unknownCursor();
    const rows = await listAdjustmentRows(db, params.id!, query);
    const page = rows.slice(0, query.limit);
    return {
      message: 'OK',
      data: page.map(toAdjustmentView),
      meta: { nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null },
    };
  });

  mountEndpoint(app, approveAdjustment, {}, async ({ actor, params }) => {
    const row = await agents.approve(actor, params.id!, params.adjustmentId!);
    return { message: 'Approved: the adjustment is posted', data: toAdjustmentView(row) };
  });

  mountEndpoint(app, rejectAdjustment, {}, async ({ actor, params, body }) => {
    const row = await agents.reject(actor, params.id!, params.adjustmentId!, body.reason);
    return { message: 'Rejected: nothing was posted', data: toAdjustmentView(row) };
  });
}
