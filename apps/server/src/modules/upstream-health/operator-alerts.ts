import type { Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { MailService } from '../mail/mail.service.js';
import { insertAlert, operatorEmails, type AlertRow } from './upstream-health.repo.js';

export interface OperatorAlert {
  kind: AlertRow['kind'];
  upstreamId: string;
  serviceId: string | null;
  /** Makes the alert once: per breaker opening, per upstream and Lagos day for a balance. */
  dedupeKey: string;
  subject: string;
  message: string;
}

/**
 * Tells the operators once: the alert is kept for the console (the overview's health panel)
 * and an email goes through the outbox to every active owner and finance operator, both in
 * the caller's transaction. An alert already raised (by this instance or another) is silent.
 */
export function createOperatorAlerts(deps: { clock: Clock; mail: MailService }) {
  return {
    async raise(tx: Queryable, alert: OperatorAlert): Promise<boolean> {
      const now = deps.clock.now();
      const raised = await insertAlert(tx, { ...alert, now });
      if (!raised) return false;
      for (const to of await operatorEmails(tx)) {
        await deps.mail.enqueue(tx, { to, subject: alert.subject, text: `${alert.message}\n` });
      }
      return true;
    },
    /** Delivers the queued emails once the caller's transaction committed. */
    flush: () => deps.mail.flush(),
  };
}

export type OperatorAlerts = ReturnType<typeof createOperatorAlerts>;
