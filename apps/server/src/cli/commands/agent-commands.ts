import { randomUUID } from 'node:crypto';
import {
  adjustAgentWallet,
  listAgentAdjustments,
  listAgents,
  reactivateAgent,
  sendAgentPasswordReset,
  suspendAgent,
  type TAgentSummary,
  type TWalletAdjustment,
} from '@agentdesk/contract/admin/agents';
import { requireFlag, UsageError, type AdminCommand, type AdminIo } from '../command.js';

function printAgent(io: AdminIo, agent: TAgentSummary): void {
  io.out(
    `${agent.id}  ${agent.status.padEnd(9)}  ${agent.username.padEnd(16)}  ${agent.firstName} ${agent.lastName}` +
      `  ${agent.phone}  ${agent.email}  ₦${agent.balance}  last sale ${agent.lastSaleAt ?? 'none'}`,
  );
}

function printAdjustment(io: AdminIo, adjustment: TWalletAdjustment): void {
  io.out(
    `${adjustment.id}  ${adjustment.status.padEnd(8)}  ${adjustment.direction.padEnd(6)}  ₦${adjustment.amount}` +
      `  by ${adjustment.requestedBy.username}  "${adjustment.reason}"` +
      (adjustment.balanceAfter ? `  balance ₦${adjustment.balanceBefore} → ₦${adjustment.balanceAfter}` : ''),
  );
}

/** Agents as operators run them from the command line: the same operator API as the console. */
export const agentCommands: AdminCommand[] = [
  {
    name: 'agents list',
    summary: 'List agents, newest first; search any part of a name, username, email or phone',
    usage: '[--q text, 3 characters or more] [--status active|suspended] [--limit 1-100]',
    options: ['q', 'status', 'limit'],
    async run({ flags, io, call }) {
      const status = flags.status;
      if (status !== undefined && status !== 'active' && status !== 'suspended')
        throw new UsageError('--status is active or suspended');
      const { data, meta } = await call(listAgents, {
        query: {
          ...(flags.q ? { q: flags.q } : {}),
          ...(status ? { status } : {}),
          limit: flags.limit ? Number(flags.limit) : 50,
        },
      });
      if (data.length === 0) io.out('No agents found.');
      for (const agent of data) printAgent(io, agent);
      if (meta?.nextCursor) io.out('(more: raise --limit or narrow --q)');
    },
  },
  {
    name: 'agents suspend',
    summary: 'Suspend an agent (no sign-in, API key or purchase; sessions end at once)',
    usage: '--id <agent id> --reason <text>',
    options: ['id', 'reason'],
    async run({ flags, io, call }) {
      const { message, data } = await call(suspendAgent, {
        params: { id: requireFlag(flags, 'id') },
        body: { reason: requireFlag(flags, 'reason') },
      });
      io.out(message);
      printAgent(io, data);
    },
  },
  {
    name: 'agents reactivate',
    summary: 'Reactivate a suspended agent',
    usage: '--id <agent id> --reason <text>',
    options: ['id', 'reason'],
    async run({ flags, io, call }) {
      const { message, data } = await call(reactivateAgent, {
        params: { id: requireFlag(flags, 'id') },
        body: { reason: requireFlag(flags, 'reason') },
      });
      io.out(message);
      printAgent(io, data);
    },
  },
  {
    name: 'agents password-reset',
    summary: 'Email an agent a password reset code',
    usage: '--id <agent id>',
    options: ['id'],
    async run({ flags, io, call }) {
      const { message } = await call(sendAgentPasswordReset, { params: { id: requireFlag(flags, 'id') } });
      io.out(message);
    },
  },
  {
    name: 'agents adjust',
    summary: 'Credit or debit an agent’s wallet with a reason (above the threshold it waits for a second operator)',
    usage:
      '--id <agent id> --direction credit|debit --amount <naira> --reason <text> [--key <idempotency key>, to retry one safely]',
    options: ['id', 'direction', 'amount', 'reason', 'key'],
    async run({ flags, io, call }) {
      const direction = requireFlag(flags, 'direction');
      if (direction !== 'credit' && direction !== 'debit') throw new UsageError('--direction is credit or debit');
      const idempotencyKey = flags.key ?? `cli-${randomUUID()}`;
      // Said first: if the answer is lost, the same command with this key cannot move money twice.
      io.out(`Idempotency key: ${idempotencyKey} (repeat with --key ${idempotencyKey} if no answer comes)`);
      const { message, data } = await call(adjustAgentWallet, {
        params: { id: requireFlag(flags, 'id') },
        body: { direction, amount: requireFlag(flags, 'amount'), reason: requireFlag(flags, 'reason'), idempotencyKey },
      });
      io.out(message);
      printAdjustment(io, data);
    },
  },
  {
    name: 'agents adjustments',
    summary: 'An agent’s wallet adjustments, newest first',
    usage: '--id <agent id> [--limit 1-100]',
    options: ['id', 'limit'],
    async run({ flags, io, call }) {
      const { data } = await call(listAgentAdjustments, {
        params: { id: requireFlag(flags, 'id') },
        query: { limit: flags.limit ? Number(flags.limit) : 50 },
      });
      if (data.length === 0) io.out('No adjustments.');
      for (const adjustment of data) printAdjustment(io, adjustment);
    },
  },
];
