import { listAudit, type TListAuditQuery } from '@agentdesk/contract/admin/audit';
import {
  changeOperatorRole,
  deactivateOperator,
  inviteOperator,
  listOperators,
  type TOperator,
} from '@agentdesk/contract/admin/operators';
import { OPERATOR_ROLES, type OperatorRole } from '@agentdesk/contract/endpoint';
import { requireFlag, UsageError, type AdminCommand, type AdminIo } from '../command.js';

function printOperator(io: AdminIo, operator: TOperator): void {
  io.out(
    `${operator.id}  ${operator.username.padEnd(16)}  ${operator.role.padEnd(7)}  ${operator.status.padEnd(11)}  ${operator.email}`,
  );
}

function roleFlag(flags: Record<string, string | undefined>): OperatorRole {
  const role = requireFlag(flags, 'role');
  if (!(OPERATOR_ROLES as readonly string[]).includes(role)) {
    throw new UsageError(`--role is ${OPERATOR_ROLES.join(', ')}`);
  }
  return role as OperatorRole;
}

export const operatorCommands: AdminCommand[] = [
  {
    name: 'operators list',
    summary: 'List operators with their role and status',
    usage: '[--limit 1-100]',
    options: ['limit'],
    async run({ flags, io, call }) {
      const { data, meta } = await call(listOperators, { query: { limit: flags.limit ? Number(flags.limit) : 100 } });
      for (const operator of data) printOperator(io, operator);
      if (meta?.nextCursor) io.out('(more: raise --limit)');
    },
  },
  {
    name: 'operators invite',
    summary: 'Invite an operator (owners): an email with a one-time link to set their password',
    usage: '--first-name --last-name --username --email --phone --role owner|finance|support',
    options: ['first-name', 'last-name', 'username', 'email', 'phone', 'role'],
    async run({ flags, io, call }) {
      const { message, data } = await call(inviteOperator, {
        body: {
          firstName: flags['first-name'] ?? '',
          lastName: flags['last-name'] ?? '',
          username: flags.username ?? '',
          email: flags.email ?? '',
          phone: flags.phone ?? '',
          role: roleFlag(flags),
        },
      });
      io.out(message);
      printOperator(io, data);
    },
  },
  {
    name: 'operators role',
    summary: "Change an operator's role (owners; never the last active owner's)",
    usage: '--id <operator id> --role owner|finance|support',
    options: ['id', 'role'],
    async run({ flags, io, call }) {
      const { message, data } = await call(changeOperatorRole, {
        params: { id: requireFlag(flags, 'id') },
        body: { role: roleFlag(flags) },
      });
      io.out(message);
      printOperator(io, data);
    },
  },
  {
    name: 'operators deactivate',
    summary: 'Deactivate an operator (owners): their sessions end at once',
    usage: '--id <operator id>',
    options: ['id'],
    async run({ flags, io, call }) {
      const { message, data } = await call(deactivateOperator, { params: { id: requireFlag(flags, 'id') } });
      io.out(message);
      printOperator(io, data);
    },
  },
  {
    name: 'audit',
    summary: 'The audit log, newest first',
    usage:
      '[--operator <id>] [--action <funding.approve...>] [--target-type <type> --target-id <id>] [--agent <id>] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--limit 1-100]',
    options: ['operator', 'action', 'target-type', 'target-id', 'agent', 'from', 'to', 'limit'],
    async run({ flags, io, call }) {
      const query = {
        limit: flags.limit ? Number(flags.limit) : 20,
        ...(flags.operator ? { operatorId: flags.operator } : {}),
        ...(flags.action ? { action: flags.action } : {}),
        ...(flags['target-type'] ? { targetType: flags['target-type'] } : {}),
        ...(flags['target-id'] ? { targetId: flags['target-id'] } : {}),
        ...(flags.agent ? { agentId: flags.agent } : {}),
        ...(flags.from ? { from: flags.from } : {}),
        ...(flags.to ? { to: flags.to } : {}),
      } as TListAuditQuery;
      const { data, meta } = await call(listAudit, { query });
      if (data.length === 0) io.out('Nothing in the audit log matches.');
      for (const entry of data) {
        const who = entry.operator ? `${entry.operator.username} (${entry.operatorRole ?? '?'})` : 'command line';
        io.out(
          `${entry.at}  ${who}  ${entry.action}  ${entry.target.type}:${entry.target.id}` +
            (entry.reason ? `  reason: ${entry.reason}` : '') +
            (entry.ip ? `  from ${entry.ip}` : ''),
        );
      }
      if (meta?.nextCursor) io.out('(more: raise --limit or narrow the search)');
    },
  },
];
