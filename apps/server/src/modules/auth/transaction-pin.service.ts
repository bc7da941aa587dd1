import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { RESET_CODE_LENGTH } from '@agentdesk/contract/auth/reset-password';
import { PIN_LOCK_MINUTES, PIN_MAX_TRIES, type TPinStatus } from '@agentdesk/contract/auth/transaction-pin';
import type { Database } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { durationInWords } from '../../lib/duration-words.js';
import { hashSecret, verifySecret } from '../../lib/passwords.js';
import { newNumericCode } from '../../lib/secrets.js';
import type { MailService } from '../mail/mail.service.js';
import {
  clearPinTries,
  countPinResetAttempt,
  countPinTry,
  findTransactionPin,
  insertTransactionPin,
  lockTransactionPin,
  recordWrongPin,
  replacePin,
  storePinResetCode,
  type TransactionPinRow,
} from './transaction-pins.repo.js';
import type { UserRow } from './users.repo.js';

const LOCK_MS = PIN_LOCK_MINUTES * 60_000;
export const PIN_RESET_CODE_TTL_MS = 10 * 60_000;
export const PIN_RESET_MAX_ATTEMPTS = 5;

const WRONG_CODE = 'The code is wrong or has expired. Check it, or ask for a new one.';

/** Purchases are paused after too many wrong PINs: a 423 that says for how long (Retry-After too). */
export class PinLockedError extends AppError {
  constructor(readonly msLeft: number) {
    const message = `Too many wrong PINs. Purchases are paused for ${pauseInWords(msLeft)}.`;
    super('PIN_LOCKED', message, [{ path: 'pin', message }]);
  }
}

function pauseInWords(msLeft: number): string {
  return msLeft >= LOCK_MS - 1000 ? `${PIN_LOCK_MINUTES} minutes` : durationInWords(msLeft);
}

function wrongPin(triesLeft: number): AppError {
  const message = `Wrong PIN. ${triesLeft === 1 ? '1 try' : `${triesLeft} tries`} left.`;
  return new AppError('WRONG_PIN', message, [{ path: 'pin', message }]);
}

function pinNotSet(): AppError {
  const message = 'Choose a transaction PIN first.';
  return new AppError('PIN_NOT_SET', message, [{ path: 'pin', message }]);
}

const statusOf = (row: TransactionPinRow | undefined, now: Date): TPinStatus => ({
  isSet: row !== undefined,
  lockedUntil: row?.locked_until && row.locked_until > now ? row.locked_until.toISOString() : null,
});

export function pinChangedEmail(user: UserRow, how: 'changed' | 'reset') {
  const what = how === 'changed' ? 'changed' : 'reset with an emailed code';
  return {
    to: user.email,
    subject: 'Your transaction PIN was changed',
    text: `Hello ${user.first_name},\n\nThe transaction PIN of your account (${user.username}) was just ${what}. It is asked for every purchase on the dashboard.\nIf this was not you, change your password and your PIN at once, and contact support.\n`,
  };
}

/**
 * The PINs this instance last verified, as an HMAC under a key of its own (never stored), each
 * with the hash it matched: an agent's next purchases with the same PIN skip argon2 and the try
 * count, so that several purchases at once are never refused as if they were guesses. Any
 * other PIN goes through the counted check. Bounded; a changed PIN's hash no longer matches.
 */
export function verifiedPins(maxEntries = 10_000) {
  const key = randomBytes(32);
  const entries = new Map<string, { pinHash: string; digest: Buffer }>();
  const digestOf = (userId: string, pin: string) => createHmac('sha256', key).update(`${userId}:${pin}`).digest();
  return {
    remember(userId: string, pinHash: string, pin: string): void {
      entries.delete(userId);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(userId, { pinHash, digest: digestOf(userId, pin) });
    },
    matches(userId: string, pinHash: string, pin: string): boolean {
      const entry = entries.get(userId);
      return entry !== undefined && entry.pinHash === pinHash && timingSafeEqual(entry.digest, digestOf(userId, pin));
    },
  };
}

/**
 * The agents' transaction PINs (docs/decisions/043). Every dashboard purchase is checked here
 * before anything is charged; API keys never are.
 */
export function createTransactionPinService(deps: { db: Database; clock: Clock; mail: MailService }) {
  const { db, clock, mail } = deps;
  const verified = verifiedPins();

  /**
   * Checks the PIN: counted before the check (one statement), so concurrent wrong PINs get
   * `PIN_MAX_TRIES` tries in all; the last of them pauses purchases for `PIN_LOCK_MINUTES`.
   * Throws WRONG_PIN, PIN_LOCKED or PIN_NOT_SET; a right PIN starts the count again.
   */
  async function check(userId: string, pin: string): Promise<void> {
    const now = clock.now();
    const current = await findTransactionPin(db, userId);
    if (!current) throw pinNotSet();
    if (current.locked_until && current.locked_until > now) {
      throw new PinLockedError(current.locked_until.getTime() - now.getTime());
    }
    // The PIN this instance verified last for the agent, against the same hash: right, uncounted.
    if (verified.matches(userId, current.pin_hash, pin)) {
      if (current.tries > 0) await clearPinTries(db, userId);
      return;
    }
    const counted = await countPinTry(db, userId, now, PIN_MAX_TRIES);
    if (!counted) {
      const row = await findTransactionPin(db, userId);
      if (!row) throw pinNotSet();
      // Paused, or the last tries are still being checked (they will pause it if wrong).
      const msLeft = row.locked_until ? row.locked_until.getTime() - now.getTime() : LOCK_MS;
      throw new PinLockedError(Math.max(1000, msLeft));
    }
    if (await verifySecret(counted.pin_hash, pin)) {
      verified.remember(userId, counted.pin_hash, pin);
      await clearPinTries(db, userId);
      return;
    }
    const lockedUntil = await recordWrongPin(db, userId, PIN_MAX_TRIES, new Date(clock.now().getTime() + LOCK_MS));
    if (lockedUntil && counted.tries >= PIN_MAX_TRIES) throw new PinLockedError(lockedUntil.getTime() - now.getTime());
    throw wrongPin(Math.max(1, PIN_MAX_TRIES - counted.tries));
  }

  async function status(userId: string): Promise<TPinStatus> {
    return statusOf(await findTransactionPin(db, userId), clock.now());
  }

  return {
    check,
    status,

    /**
     * The first PIN (a 409 once there is one: it is changed or reset instead). Not emailed: it
     * is chosen in the dialog of the agent's first purchase; a change or a reset is.
     */
    async set(user: UserRow, pin: string): Promise<TPinStatus> {
      const pinHash = await hashSecret(pin);
      if (!(await insertTransactionPin(db, user.id, pinHash, clock.now()))) {
        throw AppError.conflict('pin', 'You already have a transaction PIN. Change it on your Profile.');
      }
      verified.remember(user.id, pinHash, pin);
      return status(user.id);
    },

    /**
     * A new PIN, proved by the current PIN (a try like a purchase's: refused while paused) or
     * by the password (which ends a pause: its owner is asking).
     */
    async change(
      user: UserRow,
      proof: { currentPin?: string | undefined; password?: string | undefined },
      newPin: string,
    ) {
      if (proof.currentPin !== undefined) {
        await check(user.id, proof.currentPin);
      } else if (!(await findTransactionPin(db, user.id))) {
        throw pinNotSet();
      } else if (user.password_hash === null || !(await verifySecret(user.password_hash, proof.password ?? ''))) {
        throw new AppError('WRONG_PASSWORD', 'Your password is incorrect', [
          { path: 'password', message: 'Your password is incorrect' },
        ]);
      }
      const pinHash = await hashSecret(newPin);
      await db.transaction(async (tx) => {
        await replacePin(tx, user.id, pinHash, clock.now());
        await mail.enqueue(tx, pinChangedEmail(user, 'changed'));
      });
      verified.remember(user.id, pinHash, newPin);
      void mail.flush();
      return status(user.id);
    },

    /** Emails a 6-digit code (argon2id stored) that resets the PIN; a new code ends the previous one. */
    async sendResetCode(user: UserRow): Promise<void> {
      const code = newNumericCode(RESET_CODE_LENGTH);
      const codeHash = await hashSecret(code);
      await db.transaction(async (tx) => {
        const expiresAt = new Date(clock.now().getTime() + PIN_RESET_CODE_TTL_MS);
        if (!(await storePinResetCode(tx, user.id, codeHash, expiresAt))) throw pinNotSet();
        await mail.enqueue(tx, {
          to: user.email,
          subject: 'Your transaction PIN reset code',
          text: `Hello ${user.first_name},\n\nYour code to reset your transaction PIN is ${code}. It expires in 10 minutes and works once.\nIf you did not ask for it, change your password: someone is signed in to your account.\n`,
        });
      });
      void mail.flush();
    },

    /** A new PIN with the emailed code (5 tries counted under the row's lock); ends any pause. */
    async reset(user: UserRow, code: string, newPin: string): Promise<TPinStatus> {
      const pinHash = await hashSecret(newPin);
      const done = await db.transaction(async (tx) => {
        const now = clock.now();
        const row = await lockTransactionPin(tx, user.id);
        if (!row) throw pinNotSet();
        const open =
          row.reset_code_hash !== null &&
          row.reset_code_expires_at !== null &&
          row.reset_code_expires_at > now &&
          row.reset_attempts < PIN_RESET_MAX_ATTEMPTS;
        if (!open) return false;
        await countPinResetAttempt(tx, user.id);
        if (!(await verifySecret(row.reset_code_hash!, code))) return false;
        await replacePin(tx, user.id, pinHash, now);
        await mail.enqueue(tx, pinChangedEmail(user, 'reset'));
        return true;
      });
      // Thrown after commit: the counted try must stick.
      if (!done) throw new AppError('INVALID_CODE', WRONG_CODE, [{ path: 'code', message: WRONG_CODE }]);
      verified.remember(user.id, pinHash, newPin);
      void mail.flush();
      return status(user.id);
    },
  };
}

export type TransactionPinService = ReturnType<typeof createTransactionPinService>;

/** The dashboard's purchase guard: checks the PIN, and on a pause tells when to retry (Retry-After). */
export async function requirePin(
  pins: TransactionPinService,
  reply: FastifyReply,
  userId: string,
  pin: string,
): Promise<void> {
  try {
    await pins.check(userId, pin);
  } catch (error) {
    if (error instanceof PinLockedError) reply.header('retry-after', String(Math.ceil(error.msLeft / 1000)));
    throw error;
  }
}
