import type { Database } from '../db/database.js';

/**
 * Waits for `count` emails to `address` in the outbox: a reset code is written just after the
 * answer to the request for it (so that the answer's timing says nothing of the account).
 */
export async function waitForMail(db: Database, address: string, count = 1): Promise<void> {
  for (let waited = 0; waited < 5_000; waited += 10) {
    const rows = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM email_outbox WHERE lower(to_address) = lower($1)',
      [address],
    );
    if ((rows[0]?.n ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no email to ${address}`);
}
