import type { OperatorRole } from '@agentdesk/contract/endpoint';
import type { Database, Queryable } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { burnVerification, hashSecret, verifySecret } from '../../lib/passwords.js';
import { newReadableCode } from '../../lib/secrets.js';
import type { MailService } from '../mail/mail.service.js';
import { parseIdentifier } from './identifier.js';
import { revokeUserSessions } from './sessions.repo.js';
import {
  findTakenFields,
  findUserByIdentifier,
  findUserIdByReferralCode,
  insertUser,
  updatePasswordHash,
  type Role,
  type UserRow,
} from './users.repo.js';

export interface NewAccount {
  role: Role;
  /** An operator's role: required for an operator. */
  operatorRole?: OperatorRole | undefined;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  phone: string;
  /** Null: an invited operator, who sets it with their invitation's link. */
  password: string | null;
  referralCode?: string | undefined;
}

const FIELD_LABELS = { email: 'email address', username: 'username', phone: 'phone number' } as const;

/** Postgres unique-violation on one of our named indexes → the field it guards. */
function takenFieldOf(error: unknown): keyof typeof FIELD_LABELS | undefined {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  if (code !== '23505') return undefined;
  return (['email', 'username', 'phone'] as const).find((field) => constraint === `users_${field}_key`);
}

function conflict(field: keyof typeof FIELD_LABELS): AppError {
  return AppError.conflict(field, `This ${FIELD_LABELS[field]} is already registered`);
}

export function createAccountsService(deps: { db: Database; clock: Clock; mail: MailService }) {
  const { db, clock, mail } = deps;

  return {
    /**
     * Registers an account. 409 naming the field when the email, username or phone is taken.
     * `inTransaction` runs with the new row in its transaction (an operator's audit row).
     */
    async create(
      account: NewAccount,
      inTransaction?: (tx: Queryable, user: UserRow) => Promise<void>,
    ): Promise<UserRow> {
      const taken = await findTakenFields(db, account);
      // Every clash at once, so that the form can say each beside its field.
      if (taken.length > 0) {
        const errors = taken.map((field) => ({
          path: field,
          message: `This ${FIELD_LABELS[field]} is already registered`,
        }));
        throw new AppError('CONFLICT', errors.map((error) => error.message).join('. '), errors);
      }
      const referredBy = account.referralCode ? await findUserIdByReferralCode(db, account.referralCode) : null;
      if (account.referralCode && !referredBy) {
        throw new AppError('VALIDATION_FAILED', 'referralCode: No agent has this referral code', [
          { path: 'referralCode', message: 'No agent has this referral code' },
        ]);
      }
      if (account.password === null && account.role !== 'operator')
        throw new Error('only an invited operator has no password');
      const passwordHash = account.password === null ? null : await hashSecret(account.password);
      // A referral code clash is astronomically rare; try a few before giving up.
      for (let attempt = 0; ; attempt++) {
        try {
          return await db.transaction(async (tx) => {
            const user = await insertUser(tx, {
              ...account,
              passwordHash,
              referralCode: newReadableCode(8),
              referredBy: referredBy ?? null,
              now: clock.now(),
            });
            await inTransaction?.(tx, user);
            return user;
          });
        } catch (error) {
          const field = takenFieldOf(error);
          if (field) throw conflict(field);
          const isCodeClash = (error as { constraint?: string }).constraint === 'users_referral_code_key';
          if (!isCodeClash || attempt >= 3) throw error;
        }
      }
    },

    /**
     * The rate-limit key of the account an identifier names, so that its email, username and
     * phone share one counter; unknown names count on their own.
     */
    async accountKey(identifier: string): Promise<string> {
      const keys = parseIdentifier(identifier);
      const user = await findUserByIdentifier(db, keys);
      return user ? `user:${user.id}` : `name:${Object.values(keys)[0] as string}`;
    },

    /**
     * Checks a password for an account of the given role. Unknown account, wrong role, an
     * operator deactivated or still invited, and a wrong password answer the same error after
     * the same work.
     */
    async verifyCredentials(identifier: string, password: string, role: Role): Promise<UserRow> {
      const user = await findUserByIdentifier(db, parseIdentifier(identifier));
      const ok =
        user && user.role === role && user.password_hash !== null && user.deactivated_at === null
          ? await verifySecret(user.password_hash, password)
          : await burnVerification(password);
      if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', 'The login details are incorrect');
      // Said only to whoever knows the password: the account is theirs.
      if (user.suspended_at) throw accountSuspended();
      return user;
    },

    /** Changes the password after checking the old one; every other session is signed out. */
    async changePassword(
      user: UserRow,
      keepSessionId: string,
      oldPassword: string,
      newPassword: string,
    ): Promise<void> {
      if (user.password_hash === null || !(await verifySecret(user.password_hash, oldPassword))) {
        throw new AppError('WRONG_PASSWORD', 'Your old password is incorrect', [
          { path: 'oldPassword', message: 'Your old password is incorrect' },
        ]);
      }
      if (oldPassword === newPassword) {
        throw new AppError('VALIDATION_FAILED', 'newPassword: Choose a password different from the old one', [
          { path: 'newPassword', message: 'Choose a password different from the old one' },
        ]);
      }
      const passwordHash = await hashSecret(newPassword);
      await db.transaction(async (tx) => {
        const now = clock.now();
        await updatePasswordHash(tx, user.id, passwordHash, now);
        await revokeUserSessions(tx, user.id, now, keepSessionId);
        await mail.enqueue(tx, passwordChangedEmail(user));
      });
      // The revoked sessions are forgotten by this instance before it answers (decision 026).
      await db.notifications.delivered();
      void mail.flush();
    },
  };
}

/** What a suspended agent is told when they sign in or use an API key (migration 024). */
export function accountSuspended(): AppError {
  return new AppError(
    'ACCOUNT_SUSPENDED',
    'This account is suspended: contact the provider’s support to reactivate it',
  );
}

export function passwordChangedEmail(user: UserRow) {
  return {
    to: user.email,
    subject: 'Your password was changed',
    text: `Hello ${user.first_name},\n\nThe password of your account (${user.username}) was just changed, and every other device was signed out.\nIf this was not you, reset your password at once and contact support.\n`,
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
