import { INVITE_TTL_HOURS, type ZInviteOperatorRequest } from '@agentdesk/contract/admin/operators';
import type { OperatorRole } from '@agentdesk/contract/endpoint';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { hashSecret } from '../../lib/passwords.js';
import { hashToken, newReadableCode, newToken } from '../../lib/secrets.js';
import { COMMAND_LINE_ACTOR, type AuditActor } from '../audit/audit-actor.js';
import { recordAudit } from '../audit/record-audit.js';
import type { AccountsService, NewAccount } from '../auth/accounts.service.js';
import { revokeUserSessions } from '../auth/sessions.repo.js';
import { updatePasswordHash } from '../auth/users.repo.js';
import type { MailService } from '../mail/mail.service.js';
import { operatorAuditView } from './operator-view.js';
import {
  anyOperatorExists,
  cancelInvites,
  consumeInvite,
  insertInvite,
  listOperatorRows,
  lockActiveOwners,
  lockOperator,
  markDeactivated,
  operatorCursorExists,
  setOperatorRole,
  type OperatorRow,
} from './operators.repo.js';

/** Any constant: two first-owner commands at once take turns, and the second finds the first's owner. */
const FIRST_OWNER_LOCK_KEY = 4_242_033;

/** The alphabet of generated passwords: no look-alike characters. */
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const asOperator = (row: { operator_role: OperatorRole | null }) => row as OperatorRow;

/**
 * The provider's staff: invitations with a role, role changes and deactivation by an owner,
 * each audited in its own transaction; and the first owner, created from the command line.
 * The last active owner can never be demoted nor deactivated: the business would have nobody
 * left to run its settings and staff.
 */
export function createOperatorsService(deps: {
  db: Database;
  clock: Clock;
  mail: MailService;
  accounts: AccountsService;
  /** Where an invitation's link points: PUBLIC_URL (when set) and BASE_PATH. */
  publicUrl: string | undefined;
  basePath: string;
  brandName: string;
}) {
  const { db, clock, mail, accounts } = deps;

  function inviteLink(token: string): string {
    // The token travels in the fragment: browsers never send it to a server or in a Referer.
    return `${(deps.publicUrl ?? '').replace(/\/+$/, '')}${deps.basePath}admin/accept-invite#token=${token}`;
  }

  /** The owners and the operator to change, locked in that order; 404 when there is no such operator. */
  async function lockForChange(tx: Queryable, id: string) {
    const owners = await lockActiveOwners(tx);
    const target = await lockOperator(tx, id);
    if (!target) throw new AppError('NOT_FOUND', 'Operator not found');
    if (target.deactivated_at) throw new AppError('CONFLICT', `${target.username} is deactivated`);
    const lastOwner = owners.length === 1 && owners[0] === target.id;
    return { target, lastOwner };
  }

  return {
    /**
     * Creates an operator with the role, no password yet, and an email with a one-time link
     * (INVITE_TTL_HOURS) that sets it; the invitation and its audit row commit with the account.
     */
    async invite(actor: AuditActor, request: z.output<typeof ZInviteOperatorRequest>): Promise<OperatorRow> {
      const token = newToken();
      const { role, ...fields } = request;
      const user = await accounts.create(
        { ...fields, role: 'operator', operatorRole: role, password: null },
        async (tx, created) => {
          const now = clock.now();
          await insertInvite(tx, {
            userId: created.id,
            tokenHash: hashToken(token),
            expiresAt: new Date(now.getTime() + INVITE_TTL_HOURS * 3_600_000),
            now,
          });
          await mail.enqueue(tx, {
            to: created.email,
            subject: `You are invited to operate ${deps.brandName}`,
            text:
              `Hello ${created.first_name},\n\nYou have been invited to operate ${deps.brandName} as ${role} ` +
              `(username ${created.username}).\nSet your password within ${INVITE_TTL_HOURS} hours with this link; it works once:\n\n` +
              `${inviteLink(token)}\n\nIf you did not expect this, ignore this email.\n`,
          });
          await recordAudit(
            tx,
            actor,
            {
              action: 'operator.invite',
              target: { type: 'operator', id: created.id },
              after: operatorAuditView(asOperator(created)),
            },
            now,
          );
        },
      );
      void mail.flush();
      return asOperator(user);
    },

    /** Sets an invited operator's password with their invitation's token, once; audited as theirs. Answers the operator. */
    async acceptInvite(
      token: string,
      newPassword: string,
      from: { ip: string | null; userAgent: string | null },
    ): Promise<OperatorRow> {
      const passwordHash = await hashSecret(newPassword);
      return db.transaction(async (tx) => {
        const now = clock.now();
        const userId = await consumeInvite(tx, hashToken(token), now);
        const operator = userId ? await lockOperator(tx, userId) : undefined;
        if (!operator || operator.deactivated_at || operator.password_hash !== null) {
          throw new AppError(
            'INVALID_RESET_TOKEN',
            'This invitation has expired or was already used. Ask an owner for a new one.',
          );
        }
        await updatePasswordHash(tx, operator.id, passwordHash, now);
        await recordAudit(
          tx,
          { operatorId: operator.id, role: operator.operator_role, ...from },
          {
            action: 'operator.activate',
            target: { type: 'operator', id: operator.id },
            before: operatorAuditView(operator),
            after: operatorAuditView({ ...operator, password_hash: 'set' }),
          },
          now,
        );
        return operator;
      });
    },

    async list(page: { cursor?: string | undefined; limit: number }) {
      if (page.cursor && !(await operatorCursorExists(db, page.cursor))) throw AppError.unknownCursor();
      const rows = await listOperatorRows(db, page);
      const items = rows.slice(0, page.limit);
      return { items, nextCursor: rows.length > page.limit ? (items.at(-1)?.id ?? null) : null };
    },

    /** A new role, effective on the operator's next request (their sessions forget the old one). */
    async changeRole(actor: AuditActor, id: string, role: OperatorRole): Promise<OperatorRow> {
      const changed = await db.transaction(async (tx) => {
        const { target, lastOwner } = await lockForChange(tx, id);
        if (target.operator_role === role) return target;
        if (lastOwner && role !== 'owner') {
          throw new AppError(
            'CONFLICT',
            `${target.username} is the last active owner: make another operator owner first`,
          );
        }
        const now = clock.now();
        const after = await setOperatorRole(tx, id, role, now);
        await recordAudit(
          tx,
          actor,
          {
            action: 'operator.role.change',
            target: { type: 'operator', id },
            before: operatorAuditView(target),
            after: operatorAuditView(after),
          },
          now,
        );
        return after;
      });
      // Sessions are kept with their user row: this instance forgets them before answering (decision 026).
      await db.notifications.delivered();
      return changed;
    },

    /** Deactivates an operator: their sessions end at once and their open invitation with them. */
    async deactivate(actor: AuditActor, id: string): Promise<OperatorRow> {
      const deactivated = await db.transaction(async (tx) => {
        const { target, lastOwner } = await lockForChange(tx, id);
        if (lastOwner) {
          throw new AppError(
            'CONFLICT',
            `${target.username} is the last active owner and cannot be deactivated: make another operator owner first`,
          );
        }
        const now = clock.now();
        const after = await markDeactivated(tx, id, now);
        const sessions = await revokeUserSessions(tx, id, now);
        await cancelInvites(tx, id, now);
        await recordAudit(
          tx,
          actor,
          {
            action: 'operator.deactivate',
            target: { type: 'operator', id },
            before: operatorAuditView(target),
            after: { ...operatorAuditView(after), sessionsEnded: sessions },
          },
          now,
        );
        return after;
      });
      await db.notifications.delivered();
      return deactivated;
    },

    /**
     * The first owner, from the command line while no operator exists (PRODUCT.md: the CLI opens
     * the database only for that, and for migrations). Answers the password, generated when none
     * is given, to print once. Refused once any operator exists: owners invite the others.
     */
    async createFirstOwner(
      fields: Omit<NewAccount, 'role' | 'operatorRole' | 'password'>,
      password?: string,
    ): Promise<{ operator: OperatorRow; password: string }> {
      const chosen = password ?? newReadableCode(16, PASSWORD_ALPHABET);
      if (await anyOperatorExists(db)) throw firstOwnerExists();
      const user = await accounts.create(
        { ...fields, role: 'operator', operatorRole: 'owner', password: chosen },
        async (tx, created) => {
          await tx.query('SELECT pg_advisory_xact_lock($1)', [FIRST_OWNER_LOCK_KEY]);
          if (await anyOperatorExists(tx, created.id)) throw firstOwnerExists();
          await recordAudit(
            tx,
            COMMAND_LINE_ACTOR,
            {
              action: 'operator.create',
              target: { type: 'operator', id: created.id },
              after: operatorAuditView(asOperator(created)),
            },
            clock.now(),
          );
        },
      );
      return { operator: asOperator(user), password: chosen };
    },
  };
}

function firstOwnerExists(): AppError {
  return new AppError(
    'CONFLICT',
    'Operators exist already: an owner invites the others (npm run admin -- operators invite ...)',
  );
}

export type OperatorsService = ReturnType<typeof createOperatorsService>;
