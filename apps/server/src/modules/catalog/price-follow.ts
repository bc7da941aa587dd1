import type { FollowRule } from '@agentdesk/contract/admin/price-levels';
import type { TCatalogUpdatedData } from '@agentdesk/contract/api/webhooks';
import { displayNaira, formatNaira, parseNairaToKobo } from '@agentdesk/contract/money';
import type { Queryable } from '../../db/database.js';
import { insertPriceChangeNotices } from '../notifications/notifications.repo.js';
import { findLevelTerms, listFollowRules, setLevelPrice } from '../price-levels/price-levels.repo.js';
import { findRouteTargets } from '../routing/upstreams.repo.js';
import { enqueueCatalogUpdated } from '../webhooks/webhook-events.js';
import { findService, lockVariationForFollow, switchVariationOff } from './catalog.repo.js';
import { pricedVariation, type LevelTerms } from './pricing.js';

/**
 * What an upstream now charges for one of our plans, and what it charged before this change
 * was read (null: nothing was known, a plan newly mapped). For the catalogue's upstream it is
 * the plan's amount, its face value.
 */
export interface CostChange {
  serviceId: string;
  code: string;
  upstreamId: string;
  before: bigint | null;
  after: bigint;
}

export interface FollowReport {
  /** Plans whose cost changed. */
  changed: number;
  /** Level prices written to keep a level's rule. */
  repriced: number;
  /** Plans switched off because a cost rose above a level's price. */
  switchedOff: number;
}

interface Level {
  id: string;
  name: string;
  follow_rule: FollowRule;
  terms: LevelTerms;
}

type PlanChange = TCatalogUpdatedData['plans'][number];

/** Rounded up to the kobo: a price that follows a cost never falls short of it by rounding. */
const scaled = (price: bigint, before: bigint, after: bigint) => (price * after + before - 1n) / before;

/**
 * The new price of a plan for a level when the catalogue upstream's amount moves from `before`
 * to `after` (docs/decisions/041). `keep-discount`: a price by a discount already follows the
 * face value; a fixed one moves in proportion. `keep-margin`: the price moves by the same naira.
 */
export function followedPrice(
  rule: FollowRule,
  old: { price: bigint; byDiscount: boolean },
  automatic: bigint,
  before: bigint,
  after: bigint,
): bigint {
  if (rule === 'keep-margin') {
    const moved = old.price + after - before;
    return moved > 0n ? moved : 1n;
  }
  if (old.byDiscount || before <= 0n) return automatic;
  return scaled(old.price, before, after);
}

/**
 * Applies changes of the upstreams' costs, in the caller's transaction (the one that wrote the
 * new costs, so a change is followed exactly once: a replay reads no change). Each level's
 * price keeps the level's rule when the catalogue upstream's amount moved; a plan priced, for
 * any level, below what an upstream of its route charges is switched off with its reason; the
 * agents of every level whose prices changed are told, and those with a webhook receive
 * `catalog.updated`. The price caches follow from the tables' change notifications.
 */
export async function followCosts(
  tx: Queryable,
  changes: readonly CostChange[],
  deps: { catalogueUpstreamId: string; now: Date },
): Promise<FollowReport> {
  const real = changes.filter((change) => change.before === null || change.before !== change.after);
  const report: FollowReport = { changed: real.length, repriced: 0, switchedOff: 0 };
  if (real.length === 0) return report;

  const levelRows = await listFollowRules(tx);
  const levels: Level[] = [];
  for (const row of levelRows) levels.push({ ...row, terms: await findLevelTerms(tx, row.id) });
  const told = new Map<string, PlanChange[]>();

  const byPlan = new Map<string, CostChange[]>();
  for (const change of real) {
    const key = `${change.serviceId}\n${change.code}`;
    byPlan.set(key, [...(byPlan.get(key) ?? []), change]);
  }
  for (const planChanges of byPlan.values()) {
    const { serviceId, code } = planChanges[0]!;
    const service = await findService(tx, serviceId);
    const variation = await lockVariationForFollow(tx, serviceId, code);
    if (!service || !variation) continue;
    const face = planChanges.find((change) => change.upstreamId === deps.catalogueUpstreamId);
    const faceBefore = face?.before ?? variation.face_value;

    const prices = new Map<string, { before: bigint; after: bigint }>();
    for (const level of levels) {
      const old = pricedVariation(service, { ...variation, face_value: faceBefore }, level.terms);
      const automatic = pricedVariation(service, variation, level.terms).price;
      let price = old.price;
      if (face && face.before !== null) {
        const byDiscount =
          old.rule === 'level-discount' || (old.rule === 'catalogue' && variation.agent_price === null);
        price = followedPrice(level.follow_rule, { price: old.price, byDiscount }, automatic, face.before, face.after);
        if (price !== automatic) {
          await setLevelPrice(tx, level.id, serviceId, code, price);
          report.repriced += 1;
        }
      }
      prices.set(level.id, { before: old.price, after: price });
    }

    // What the dearest upstream that may sell it charges (an order may fail over to any of its
    // route). The catalogue upstream's charge is its amount less a commission the sync does not
    // list: it is never counted here, and a price below face value is its normal business.
    const known = (await findRouteTargets(tx, serviceId, code))
      .filter((target) => target.upstreamId !== deps.catalogueUpstreamId && target.cost !== null)
      .map((target) => ({ upstreamId: target.upstreamId, cost: target.cost! }));
    const dearest = known.reduce<(typeof known)[number] | undefined>(
      (top, target) => (top === undefined || target.cost > top.cost ? target : top),
      undefined,
    );
    const losing = dearest ? levels.find((level) => prices.get(level.id)!.after < dearest.cost) : undefined;
    let forSale = variation.enabled && variation.listed;
    if (losing && dearest && variation.enabled) {
      const reason =
        `Switched off: ${dearest.upstreamId} charges ${displayNaira(dearest.cost)} for it, ` +
        `above the ${losing.name} price of ${displayNaira(prices.get(losing.id)!.after)}. ` +
        'Set a new price and switch it on, or leave it off.';
      await switchVariationOff(tx, serviceId, code, reason, deps.now);
      report.switchedOff += 1;
      forSale = false;
    }
    const switched = forSale !== (variation.enabled && variation.listed);
    // A plan not for sale before or after (withdrawn, or switched off by an operator) concerns no agent.
    if (!forSale && !switched) continue;
    for (const level of levels) {
      const { before, after } = prices.get(level.id)!;
      if (before === after && !switched) continue;
      const list = told.get(level.id) ?? [];
      list.push({
        serviceId,
        code,
        name: variation.name,
        faceValue: formatNaira(variation.face_value),
        price: formatNaira(after),
        previousPrice: formatNaira(before),
        forSale,
      });
      told.set(level.id, list);
    }
  }

  for (const level of levels) {
    const plans = told.get(level.id);
    if (!plans) continue;
    await insertPriceChangeNotices(tx, { levelId: level.id, ...noticeOf(plans), now: deps.now });
    await enqueueCatalogUpdated(tx, { levelId: level.id, plans, now: deps.now });
  }
  return report;
}

/** The agents' notice: up to five plans named, the rest counted. */
function noticeOf(plans: readonly PlanChange[]): { title: string; body: string } {
  const naira = (text: string) => displayNaira(parseNairaToKobo(text) ?? 0n);
  const lines = plans
    .slice(0, 5)
    .map((plan) =>
      plan.forSale
        ? `${plan.name}: now ${naira(plan.price)} (was ${naira(plan.previousPrice)}).`
        : `${plan.name}: not for sale for now; its supplier's price rose above yours.`,
    );
  if (plans.length > 5) lines.push(`And ${plans.length - 5} more: see your price list.`);
  return {
    title: plans.length === 1 ? 'A price changed' : `${plans.length} prices changed`,
    body: `Your supplier's prices changed.\n${lines.join('\n')}`,
  };
}
