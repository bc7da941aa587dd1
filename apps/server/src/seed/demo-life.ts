import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { ZPurchaseRequest } from '@agentdesk/contract/purchases/purchase';
import type { Database } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import { newToken } from '../lib/secrets.js';
import type { AuditActor } from '../modules/audit/audit-actor.js';
import { createAccountsService } from '../modules/auth/accounts.service.js';
import { findUserByIdentifier } from '../modules/auth/users.repo.js';
import { lagosDate, lagosDayStart } from '../modules/dashboard/lagos-time.js';
import { createFundingService } from '../modules/funding/funding.service.js';
import { insertFundingAccount, listActiveFundingAccounts } from '../modules/funding/funding.repo.js';
import { createMailService } from '../modules/mail/mail.service.js';
import { createCatalogLookup } from '../modules/catalog/catalog-lookup.js';
import { createPurchasesService } from '../modules/purchases/purchases.service.js';
import { readReferralSettings, updateReferralSettings } from '../modules/referrals/referrals.repo.js';
import { readProviderSettings, updateProviderSettings } from '../modules/settings/settings.repo.js';
import { SANDBOX_VALUES } from '../modules/upstream/sandbox/sandbox-outcomes.js';
import { DEMO_AGENT, DEMO_OPERATOR } from './demo-accounts.js';
import { createDemoUpstream } from './demo-upstream.js';
import { withOneUpstream } from '../modules/routing/single-upstream.js';

/** The demo's support chat (the number the dashboard spec's example uses). */
export const DEMO_SUPPORT_WHATSAPP = '2348012345678';

/** The agent the demo agent referred. Nobody signs in as them: their password is random. */
export const DEMO_REFERRED = {
  role: 'agent' as const,
  firstName: 'Tunde',
  lastName: 'Bakare',
  username: 'demo_tunde',
  email: 'tunde@agentdesk.local',
  phone: '08031234569',
};

type Buy = Record<string, unknown>;
const PHONE = '08031234567';
const airtime = (network: string, amount: string, phone = PHONE): Buy => ({
  service: 'airtime',
  network,
  phone,
  amount,
});
const data = (network: string, plan: number, phone = PHONE): Buy => ({ service: 'data', network, plan, phone });
const power = (disco: string, amount: string): Buy => ({
  service: 'electricity',
  disco,
  meterType: 'prepaid',
  meterNumber: SANDBOX_VALUES.prepaidMeter,
  amount,
  phone: PHONE,
});
const tv = (provider: string, bouquetCode: string): Buy => ({
  service: 'cable',
  provider,
  smartcardNumber: SANDBOX_VALUES.smartcard,
  action: 'renew',
  bouquetCode,
  phone: PHONE,
});
const pins = (exam: string, quantity: number): Buy => ({ service: 'result-checker', exam, quantity, phone: PHONE });

/** [days ago, Lagos hour, minute, what]: a few weeks of an agent's trade, every service, one failure. */
export const DEMO_SALES: Array<[number, number, number, Buy]> = [
  [26, 9, 40, airtime('mtn', '1000')],
  [25, 11, 5, data('mtn', 3, '08051112222')],
  [24, 13, 20, power('ikeja-electric', '5000')],
  [23, 8, 55, airtime('glo', '500', '08051234567')],
  [22, 16, 10, tv('dstv', 'dstv79')],
  [21, 10, 30, pins('waec', 1)],
  [20, 12, 0, airtime('airtel', '200', '08021234567')],
  [19, 15, 45, data('airtel', 2, '08021234567')],
  [18, 9, 15, airtime('mtn', '1500')],
  [17, 17, 30, power('eko-electric', '3000')],
  [15, 10, 10, data('glo', 1, '08051234567')],
  [13, 14, 25, airtime('9mobile', '300', '08091234567')],
  [11, 11, 50, tv('gotv', 'gotv-jolli')],
  [9, 9, 5, airtime('mtn', '2000')],
  [8, 13, 40, data('mtn', 4)],
  [7, 18, 0, power('ikeja-electric', '3000')],
  [6, 10, 20, airtime('mtn', '500', SANDBOX_VALUES.failure)],
  [5, 12, 35, pins('waec', 2)],
  [4, 16, 50, airtime('glo', '1000', '08051234567')],
  [2, 11, 15, data('mtn', 2)],
  [1, 15, 0, airtime('airtel', '750', '08021234567')],
];

/**
 * A clock the seed sets to each event's time, that then moves a second each time it is read:
 * what a service writes later (a purchase's settlement, its refund) is dated after what it
 * wrote first, as it would be with a real upstream call in between.
 */
function settableClock(start: Date): Clock & { set(instant: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date((current += 1000) - 1000),
    set: (instant) => (current = instant.getTime()),
  };
}

/**
 * Gives the demo agent of a fresh demo database a living history, through the real services
 * and the ledger with a back-dated clock: fundings approved by the demo operator, three weeks
 * of purchases of every service (one failed and refunded), and a referred agent whose first
 * funding and first purchases paid the demo agent referral bonuses. Runs only when the demo
 * agent has no history yet, so restarts change nothing. Needs the catalogue (synced from the
 * built-in sandbox) and the demo accounts.
 */
export async function seedDemoLife(deps: { db: Database; log: Logger; now?: Date }): Promise<boolean> {
  const { db, log } = deps;
  const realNow = deps.now ?? new Date();
  const agent = await findUserByIdentifier(db, { username: DEMO_AGENT.username });
  const operator = await findUserByIdentifier(db, { username: DEMO_OPERATOR.username });
  if (!agent || !operator) return false;
  // The demo operator's approvals are in the audit log like any operator's.
  const demoOperator: AuditActor = {
    operatorId: operator.id,
    role: operator.operator_role ?? 'owner',
    ip: null,
    userAgent: 'demo start (seed)',
  };
  const [history] = await db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM wallet_transactions WHERE user_id = $1) + (SELECT count(*) FROM orders WHERE user_id = $1) AS n`,
    [agent.id],
  );
  if (Number(history!.n) > 0) return false;
  const [catalogue] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM catalog_services');
  if (!catalogue || catalogue.n === 0) {
    log.warn('demo history skipped: the catalogue is empty');
    return false;
  }

  const today = lagosDate(realNow);
  const at = (daysAgo: number, hour: number, minute: number) =>
    new Date(lagosDayStart(today, -daysAgo).getTime() + (hour * 60 + minute) * 60_000);
  // `minutes` before now, or (just after midnight) that share of the day so far, so that it is today.
  const sinceMidnight = realNow.getTime() - lagosDayStart(today).getTime();
  const earlierToday = (minutes: number) =>
    new Date(realNow.getTime() - Math.min(minutes * 60_000, Math.floor((sinceMidnight * minutes) / 100)));
  const clock = settableClock(at(28, 9, 0));
  const mail = createMailService({ db, clock, log, from: 'demo' });
  const accounts = createAccountsService({ db, clock, mail });
  const funding = createFundingService({ db, clock });
  const purchases = createPurchasesService({
    db,
    clock,
    ...withOneUpstream(createDemoUpstream()),
    catalog: await createCatalogLookup({ db, clock }),
    log,
    upstreamTimeoutMs: 30_000,
  });

  // Operators' set-up, unless they have made their own: a bank account to transfer to, and a referral rule.
  let [account] = await listActiveFundingAccounts(db);
  account ??= await db.transaction((tx) =>
    insertFundingAccount(tx, {
      bank_name: 'Zenith Bank',
      bank_code: '057',
      account_number: '1012345671',
      account_name: 'AgentDesk Demo',
      instructions: 'Use your username as the narration',
      charge_flat: 0n,
      charge_bps: 0,
      minimum: 100_000n,
      now: clock.now(),
    }),
  );
  // A support chat to reach (the dashboard's green button and the Support page point at it).
  if (!(await readProviderSettings(db)).support_whatsapp) {
    await db.transaction((tx) =>
      updateProviderSettings(
        tx,
        { support_whatsapp: DEMO_SUPPORT_WHATSAPP },
        { userId: operator.id, now: clock.now() },
      ),
    );
  }
  if (!(await readReferralSettings(db)).updated_at) {
    await db.transaction((tx) =>
      updateReferralSettings(
        tx,
        { fundingBonus: 100_000n, marginBps: 1000, marginPurchases: 10 },
        { userId: operator.id, now: clock.now() },
      ),
    );
  }

  let transfers = 0;
  const fund = async (userId: string, naira: number, daysAgo: number, hour: number) => {
    clock.set(at(daysAgo, hour, 0));
    const request = await funding.report(userId, {
      accountId: account.id,
      amount: BigInt(naira) * 100n,
      senderName: userId === agent.id ? 'Ada Demo' : 'Tunde Bakare',
      reference: `DEMO${String(++transfers).padStart(3, '0')}${today.replaceAll('-', '')}`,
      transferDate: lagosDate(clock.now()),
    });
    clock.set(at(daysAgo, hour, 25));
    await funding.approve(request.id, demoOperator);
  };
  const planCodes = new Map<string, string[]>();
  const sell = async (userId: string, when: Date, buy: Buy) => {
    clock.set(when);
    let body = buy;
    if (buy.service === 'data') {
      const serviceId = `${buy.network as string}-data`;
      if (!planCodes.has(serviceId)) {
        const rows = await db.query<{ code: string }>(
          'SELECT code FROM catalog_variations WHERE service_id = $1 AND enabled ORDER BY position, code',
          [serviceId],
        );
        planCodes.set(
          serviceId,
          rows.map((row) => row.code),
        );
      }
      const { plan, ...rest } = buy;
      body = { ...rest, planCode: planCodes.get(serviceId)![plan as number] ?? planCodes.get(serviceId)![0] };
    }
    // At the catalogue's prices: the demo agents are in the default level, which has no overrides yet.
    await purchases.purchase(userId, ZPurchaseRequest.parse({ ...body, requestId: `demo-${randomUUID()}` }), null);
  };

  let referredId = '';
  // Everything in time order, so each history row's balance before is the previous one's after.
  const events: Array<[Date, () => Promise<unknown>]> = [
    [at(27, 9, 0), () => fund(agent.id, 50_000, 27, 9)],
    [at(14, 10, 0), () => fund(agent.id, 30_000, 14, 10)],
    [at(3, 9, 0), () => fund(agent.id, 20_000, 3, 9)],
    [
      at(12, 11, 0),
      async () => {
        clock.set(at(12, 11, 0));
        referredId = (
          await accounts.create({ ...DEMO_REFERRED, password: newToken(), referralCode: agent.referral_code })
        ).id;
      },
    ],
    [at(11, 14, 0), () => fund(referredId, 10_000, 11, 14)],
    [at(10, 12, 0), () => sell(referredId, at(10, 12, 0), airtime('mtn', '1000', '08039876543'))],
    [at(5, 17, 0), () => sell(referredId, at(5, 17, 0), data('mtn', 5, '08039876543'))],
    ...DEMO_SALES.map(([daysAgo, hour, minute, buy]): [Date, () => Promise<unknown>] => [
      at(daysAgo, hour, minute),
      () => sell(agent.id, at(daysAgo, hour, minute), buy),
    ]),
    // Today's first sales, a little before now, and today in Lagos however early it is.
    [earlierToday(95), () => sell(agent.id, earlierToday(95), airtime('mtn', '500'))],
    [earlierToday(20), () => sell(agent.id, earlierToday(20), data('mtn', 0))],
  ];
  events.sort(([a], [b]) => a.getTime() - b.getTime());
  for (const [, run] of events) await run();
  return true;
}
