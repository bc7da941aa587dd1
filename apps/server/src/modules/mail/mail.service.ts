import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { claimPending, insertEmail, markAttemptFailed, markSent } from './outbox.repo.js';

const MAX_ATTEMPTS = 5;
const BATCH_SIZE = 20;

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

export interface MailService {
  /** Queues an email in the caller's transaction, so it exists exactly when the change that sends it does. */
  enqueue(tx: Queryable, email: OutgoingEmail): Promise<void>;
  /** Delivers what is pending (no-op in development mode); failed ones wait for the next flush. Never throws. */
  flush(): Promise<void>;
  readonly mode: 'smtp' | 'development';
}

/**
 * Every email goes through the outbox table. With SMTP configured (or a transport given)
 * it is delivered after commit and its text erased; without, it stays as a development
 * email that operators read with `npm run admin -- outbox`.
 */
export function createMailService(deps: {
  db: Database;
  clock: Clock;
  log: Logger;
  from: string;
  smtpUrl?: string | undefined;
  transport?: Transporter;
}): MailService {
  const transport = deps.transport ?? (deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : undefined);
  let flushing: Promise<void> | undefined;

  /** Delivers one batch; answers whether a full batch went through, so there may be more. */
  async function deliverBatch(): Promise<boolean> {
    if (!transport) return false;
    return deps.db.transaction(async (tx) => {
      const batch = await claimPending(tx, BATCH_SIZE);
      let sent = 0;
      for (const email of batch) {
        try {
          await transport.sendMail({
            from: deps.from,
            to: email.to_address,
            subject: email.subject,
            text: email.body_text ?? '',
          });
          await markSent(tx, email.id, deps.clock.now());
          sent++;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          await markAttemptFailed(tx, email.id, message, email.attempts + 1 >= MAX_ATTEMPTS);
          deps.log.warn({ emailId: email.id, err: message }, 'email delivery failed');
        }
      }
      return batch.length === BATCH_SIZE && sent === BATCH_SIZE;
    });
  }

  return {
    mode: transport ? 'smtp' : 'development',
    async enqueue(tx, email) {
      const row = await insertEmail(tx, {
        ...email,
        status: transport ? 'pending' : 'development',
        now: deps.clock.now(),
      });
      if (!transport) {
        // The id, never the text: it may hold a one-time code.
        deps.log.info(
          { emailId: row.id },
          'email kept in the development outbox (read it with: npm run admin -- outbox)',
        );
      }
    },
    flush() {
      flushing ??= (async () => {
        try {
          while (await deliverBatch());
        } catch (error) {
          deps.log.error({ err: error }, 'email outbox flush failed');
        } finally {
          flushing = undefined;
        }
      })();
      return flushing;
    },
  };
}
