import { displayNaira } from '@agentdesk/contract/money';
import type { Queryable } from '../../db/database.js';
import { postWalletMovement } from '../ledger/wallet-movement.js';
import { insertNotification } from '../notifications/notifications.repo.js';
import {
  countBonuses,
  countDeliveredOrders,
  countFundings,
  insertBonus,
  lockReferralLink,
  readReferralSettings,
  type ReferralLink,
} from './referrals.repo.js';

/** "Ada O.": how a referrer sees the agents they brought (no full surname, no contact details). */
export function maskedName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
}

/** Kobo of a margin at a rate in basis points, rounded down: the provider never pays a fraction of a kobo. */
export function marginShare(margin: bigint, bps: number): bigint {
  if (margin <= 0n || bps <= 0) return 0n;
  return (margin * BigInt(bps)) / 10_000n;
}

async function pay(
  tx: Queryable,
  link: ReferralLink,
  bonus: {
    referredId: string;
    kind: 'first_funding' | 'purchase_margin';
    eventKey: string;
    amount: bigint;
    what: string;
    now: Date;
  },
): Promise<boolean> {
  const who = maskedName(link.referred_first_name, link.referred_last_name);
  // The journal entry's idempotency key is the event's: a second attempt posts nothing.
  const credit = await postWalletMovement(tx, {
    userId: link.referrer_id,
    direction: 'credit',
    amount: bonus.amount,
    counterpart: 'bonuses',
    idempotencyKey: `referral:${bonus.eventKey}`,
    type: 'referral_bonus',
    name: 'Referral bonus',
    description: `Referral bonus: ${who}, ${bonus.what}`,
    service: 'referral',
    details: { referredAgent: who, event: bonus.kind },
    now: bonus.now,
  });
  if (!credit) return false;
  await insertBonus(tx, {
    referrerId: link.referrer_id,
    referredId: bonus.referredId,
    kind: bonus.kind,
    eventKey: bonus.eventKey,
    amount: bonus.amount,
    transactionId: credit.id,
    now: bonus.now,
  });
  await insertNotification(tx, {
    userId: link.referrer_id,
    kind: 'referral',
    title: 'Referral bonus',
    body: `You earned ${displayNaira(bonus.amount)}: ${who}, whom you referred, ${bonus.what}.`,
    now: bonus.now,
  });
  return true;
}

/**
 * Call in the transaction that credits a funding to `userId`, after the credit: when it is
 * the agent's first funding and someone referred them, the referrer gets the rule's flat
 * bonus, once (event key `first-funding:<agent>`). Answers whether a bonus was paid.
 */
export async function payFirstFundingBonus(tx: Queryable, userId: string, now: Date): Promise<boolean> {
  const link = await lockReferralLink(tx, userId);
  if (!link) return false;
  // Under the lock, a concurrent funding of the same agent has either committed (and is
  // counted) or waits: exactly one of them sees itself as the first.
  if ((await countFundings(tx, userId, 2)) !== 1) return false;
  const rule = await readReferralSettings(tx);
  if (rule.funding_bonus <= 0n) return false;
  return pay(tx, link, {
    referredId: userId,
    kind: 'first_funding',
    eventKey: `first-funding:${userId}`,
    amount: rule.funding_bonus,
    what: 'funded their wallet for the first time',
    now,
  });
}

/**
 * Call in the transaction that marks an order delivered, after it: while the referred agent
 * is within their first N delivered purchases, the referrer gets the rule's share of the
 * margin (face value less what the agent paid), once per order (event key `order:<id>`).
 */
export async function payPurchaseMarginBonus(
  tx: Queryable,
  order: { id: string; user_id: string; face_value: bigint; price: bigint; product_name: string },
  now: Date,
): Promise<boolean> {
  const link = await lockReferralLink(tx, order.user_id);
  if (!link) return false;
  const rule = await readReferralSettings(tx);
  if (rule.margin_bps <= 0 || rule.margin_purchases <= 0) return false;
  // Bonuses paid first (at most N rows), then the deliveries, counted no further than N + 1.
  if ((await countBonuses(tx, order.user_id, 'purchase_margin')) >= rule.margin_purchases) return false;
  if ((await countDeliveredOrders(tx, order.user_id, rule.margin_purchases + 1)) > rule.margin_purchases) return false;
  const amount = marginShare(order.face_value - order.price, rule.margin_bps);
  if (amount <= 0n) return false;
  return pay(tx, link, {
    referredId: order.user_id,
    kind: 'purchase_margin',
    eventKey: `order:${order.id}`,
    amount,
    what: `sold ${order.product_name}`,
    now,
  });
}
