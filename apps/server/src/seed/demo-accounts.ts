import type { Logger } from 'pino';
import type { Database } from '../db/database.js';
import { systemClock } from '../lib/clock.js';
import { hashSecret, verifySecret } from '../lib/passwords.js';
import { createAccountsService, type NewAccount } from '../modules/auth/accounts.service.js';
import { findTransactionPin, insertTransactionPin } from '../modules/auth/transaction-pins.repo.js';
import { findUserByIdentifier } from '../modules/auth/users.repo.js';
import { createMailService } from '../modules/mail/mail.service.js';

/** A demo account: its password (and an agent's transaction PIN) is published. */
export type DemoAccount = NewAccount & { password: string; pin?: string };

/** Well-known demo credentials: seeded only on the embedded database, or when SEED_DEMO=1 asks. */
export const DEMO_AGENT: DemoAccount = {
  role: 'agent',
  firstName: 'Ada',
  lastName: 'Demo',
  username: 'demo',
  email: 'demo@agentdesk.local',
  phone: '08031234567',
  password: 'DemoAgent#2026',
  // Published like the password, so that a newcomer can buy at once (docs/decisions/043).
  pin: '1234',
};

export const DEMO_OPERATOR: DemoAccount = {
  role: 'operator',
  operatorRole: 'owner',
  firstName: 'Obi',
  lastName: 'Operator',
  username: 'operator',
  email: 'operator@agentdesk.local',
  phone: '08031234568',
  password: 'Operator#2026',
};

/** Creates the demo accounts that are missing; answers those whose published password still opens them. */
export async function seedDemoAccounts(db: Database, log: Logger): Promise<DemoAccount[]> {
  const mail = createMailService({ db, clock: systemClock, log, from: 'demo' });
  const accounts = createAccountsService({ db, clock: systemClock, mail });
  for (const account of [DEMO_AGENT, DEMO_OPERATOR]) {
    const existing = await findUserByIdentifier(db, { username: account.username });
    const user = existing ?? (await accounts.create(account));
    // A demo agent without a PIN (new, or from before PINs) gets the published one; never replaced.
    if (account.pin && !(await findTransactionPin(db, user.id))) {
      await insertTransactionPin(db, user.id, await hashSecret(account.pin), systemClock.now());
    }
  }
  return demoAccountsOpen(db);
}

/**
 * The demo accounts that exist with their published password (README): anyone who can reach
 * the server can sign in to them, so while there is one the server listens on loopback only.
 */
export async function demoAccountsOpen(db: Database): Promise<DemoAccount[]> {
  const open: DemoAccount[] = [];
  for (const account of [DEMO_AGENT, DEMO_OPERATOR]) {
    const user = await findUserByIdentifier(db, { username: account.username });
    if (user?.password_hash && (await verifySecret(user.password_hash, account.password))) open.push(account);
  }
  return open;
}
