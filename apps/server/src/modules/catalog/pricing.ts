import type { CatalogServiceRow, CatalogVariationRow } from './catalog.repo.js';

/** Face value less the service discount, the discount rounded down to the kobo (never in the agent's favour by rounding). */
export function discountedPrice(faceValue: bigint, discountBps: number): bigint {
  return faceValue - (faceValue * BigInt(discountBps)) / 10_000n;
}

/** What the agent pays for a variation: an operator's fixed price, or face value less the discount. */
export function variationPrice(
  service: Pick<CatalogServiceRow, 'discount_bps'>,
  variation: Pick<CatalogVariationRow, 'face_value' | 'agent_price'>,
): bigint {
  return variation.agent_price ?? discountedPrice(variation.face_value, service.discount_bps);
}
