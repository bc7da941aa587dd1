import { RESET_CODE_LENGTH } from '@agentdesk/contract/auth/reset-password';
import type { Database, Queryable } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { FailureCounters } from '../../http/rate-limits.js';
import { burnVerification, hashSecret, verifySecret } from '../../lib/passwords.js';
import { hashToken, newNumericCode, newToken } from '../../lib/secrets.js';
import type { MailService } from '../mail/mail.service.js';
import { passwordChangedEmail } from './accounts.service.js';
import { parseIdentifier } from './identifier.js';
import {
  attachResetToken,
  consumeResetToken,
  countAttempt,
  insertPasswordReset,
  lockOpenReset,
} from './password-resets.repo.js';
import { revokeUserSessions } from './sessions.repo.js';
import { findUserById, findUserByIdentifier, updatePasswordHash, type UserRow } from './users.repo.js';

export const RESET_CODE_TTL_MS = 10 * 60_000;
export const RESET_TOKEN_TTL_MS = 15 * 60_000;
export const RESET_MAX_ATTEMPTS = 5;
/** Codes one account receives in a window: from one address, and from everywhere. */
export const RESET_CODES_PER_ADDRESS = 3;
export const RESET_CODES_PER_ACCOUNT = 10;
export const RESET_CODES_WINDOW_MS = 15 * 60_000;

const WRONG_CODE = 'The code is wrong or has expired. Check it, or ask for a new one.';

/** The counter of codes sent to an account, from one address or (without `ip`) from everywhere. */
export const resetSentKey = (userId: string, ip?: string) => `reset-sent:${userId}${ip === undefined ? '' : `|${ip}`}`;

export function createPasswordResetService(deps: {
  db: Database;
  clock: Clock;
  mail: MailService;
  /** Counts the codes each account receives (shared through Redis when REDIS_URL is set). */
  counters: FailureCounters;
}) {
  const { db, clock, mail, counters } = deps;

  /** Counts one code for the account from this address; false once either limit is passed. */
  async function mayReceive(user: UserRow, ip: string): Promise<boolean> {
    const fromHere = await counters.add(resetSentKey(user.id, ip), RESET_CODES_WINDOW_MS);
    if (fromHere.count > RESET_CODES_PER_ADDRESS) return false;
    const everywhere = await counters.add(resetSentKey(user.id), RESET_CODES_WINDOW_MS);
    return everywhere.count <= RESET_CODES_PER_ACCOUNT;
  }

  async function findAgent(identifier: string) {
    const user = await findUserByIdentifier(db, parseIdentifier(identifier));
    return user?.role === 'agent' ? user : undefined;
  }

  /** Writes a reset code for `user` (its hash) and the email that carries it, then sends the email. */
  async function sendCode(
    user: UserRow,
    code: string,
    inTransaction?: (tx: Queryable, now: Date) => Promise<void>,
  ): Promise<void> {
    const codeHash = await hashSecret(code);
    await db.transaction(async (tx) => {
      const now = clock.now();
      await insertPasswordReset(tx, {
        userId: user.id,
        codeHash,
        codeExpiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS),
        now,
      });
      await mail.enqueue(tx, {
        to: user.email,
        subject: 'Your password reset code',
        text: `Hello ${user.first_name},\n\nYour password reset code is ${code}. It expires in 10 minutes and works once.\nIf you did not ask for it, ignore this email: your password stays as it is.\n`,
      });
      await inTransaction?.(tx, now);
    });
    void mail.flush();
  }

  return {
    /**
     * Sends a code to the agent the identifier names, if any: run after the answer, which says
     * the same whoever asks (issue 19). Nothing before the answer reads the database, so neither
     * its time nor its status can tell whether the identifier is an account, or whose (an
     * account's limits, 3 codes per address and 10 from everywhere in 15 minutes, are applied
     * here by skipping the email, where a 429 told that two identifiers were one account).
     * An unknown identifier costs the same hashing, so the load left behind does not tell either.
     */
    async sendCodeAfterAnswer(identifier: string, ip: string): Promise<void> {
      const user = await findAgent(identifier);
      const code = newNumericCode(RESET_CODE_LENGTH);
      if (!user || !(await mayReceive(user, ip))) {
        await hashSecret(code);
        return;
      }
      await sendCode(user, code);
    },

    /**
     * The same code and email sent at an operator's request (issue 21), with `inTransaction`
     * run in the transaction that writes them: the operator's audit row commits with the code.
     */
    async sendOnBehalf(user: UserRow, inTransaction: (tx: Queryable, now: Date) => Promise<void>): Promise<void> {
      await sendCode(user, newNumericCode(RESET_CODE_LENGTH), inTransaction);
    },

    /** Exchanges a code for a reset token. Five wrong tries end the code. */
    async exchangeCode(identifier: string, code: string): Promise<{ resetToken: string; expiresAt: Date }> {
      const user = await findAgent(identifier);
      if (!user) {
        await burnVerification(code);
        throw new AppError('INVALID_CODE', WRONG_CODE);
      }
      const outcome = await db.transaction(async (tx) => {
        const now = clock.now();
        const reset = await lockOpenReset(tx, user.id, now);
        if (!reset || reset.attempts >= RESET_MAX_ATTEMPTS) {
          await burnVerification(code);
          return undefined;
        }
        await countAttempt(tx, reset.id);
        if (!(await verifySecret(reset.code_hash, code))) return undefined;
        const resetToken = newToken();
        const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MS);
        await attachResetToken(tx, reset.id, hashToken(resetToken), expiresAt);
        return { resetToken, expiresAt };
      });
      // Thrown after commit: the counted try must stick.
      if (!outcome) throw new AppError('INVALID_CODE', WRONG_CODE);
      return outcome;
    },

    /** Sets the new password with a live reset token (once), and signs out every session. */
    async confirm(resetToken: string, newPassword: string): Promise<void> {
      const passwordHash = await hashSecret(newPassword);
      await db.transaction(async (tx) => {
        const now = clock.now();
        const userId = await consumeResetToken(tx, hashToken(resetToken), now);
        if (!userId) {
          throw new AppError('INVALID_RESET_TOKEN', 'This reset link has expired or was already used. Start again.');
        }
        await updatePasswordHash(tx, userId, passwordHash, now);
        await revokeUserSessions(tx, userId, now);
        const user = await findUserById(tx, userId);
        if (user) await mail.enqueue(tx, passwordChangedEmail(user));
      });
      // The revoked sessions are forgotten by this instance before it answers (decision 026).
      await db.notifications.delivered();
      void mail.flush();
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
