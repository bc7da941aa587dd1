import type { PriceRule } from '@agentdesk/contract/admin/price-levels';
import type { CatalogServiceRow, CatalogVariationRow } from './catalog.repo.js';

/**
 * A price level's overrides of the catalogue (docs/decisions/038): a discount for a service,
 * in basis points, and a fixed price for a plan, in kobo, keyed by `planKey`. What a level does
 * not name follows the catalogue; a level with neither prices exactly as the catalogue does.
 */
export interface LevelTerms {
  discounts: ReadonlyMap<string, number>;
  prices: ReadonlyMap<string, bigint>;
}

/** No overrides: the catalogue's own prices. */
export const CATALOGUE_TERMS: LevelTerms = { discounts: new Map(), prices: new Map() };

export const planKey = (serviceId: string, code: string): string => `${serviceId}\n${code}`;

/** Face value less the service discount, the discount rounded down to the kobo (never in the agent's favour by rounding). */
export function discountedPrice(faceValue: bigint, discountBps: number): bigint {
  return faceValue - (faceValue * BigInt(discountBps)) / 10_000n;
}

/** The discount a level's agents get on a service: the level's own, or the catalogue's. */
export function serviceDiscountBps(service: Pick<CatalogServiceRow, 'service_id' | 'discount_bps'>, level: LevelTerms) {
  return level.discounts.get(service.service_id) ?? service.discount_bps;
}

/**
 * What a level's agent pays for a plan, and which rule says so, most specific first: the level's
 * fixed price for the plan; else the level's discount for the service (the level's rule for the
 * whole service, so the catalogue's fixed prices of that service do not apply to it); else the
 * catalogue's rule, its fixed price or face value less its discount.
 */
export function pricedVariation(
  service: Pick<CatalogServiceRow, 'service_id' | 'discount_bps'>,
  variation: Pick<CatalogVariationRow, 'code' | 'face_value' | 'agent_price'>,
  level: LevelTerms,
): { price: bigint; rule: PriceRule } {
  const fixed = level.prices.get(planKey(service.service_id, variation.code));
  if (fixed !== undefined) return { price: fixed, rule: 'level-price' };
  const discount = level.discounts.get(service.service_id);
  if (discount !== undefined) return { price: discountedPrice(variation.face_value, discount), rule: 'level-discount' };
  return {
    price: variation.agent_price ?? discountedPrice(variation.face_value, service.discount_bps),
    rule: 'catalogue',
  };
}

/** What a level's agent pays for a plan (the catalogue's price with `CATALOGUE_TERMS`). */
export function variationPrice(
  service: Pick<CatalogServiceRow, 'service_id' | 'discount_bps'>,
  variation: Pick<CatalogVariationRow, 'code' | 'face_value' | 'agent_price'>,
  level: LevelTerms,
): bigint {
  return pricedVariation(service, variation, level).price;
}
