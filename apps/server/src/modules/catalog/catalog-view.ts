import type { TApiService } from '@agentdesk/contract/api/api-services';
import type { ServiceCategory, TService } from '@agentdesk/contract/catalog/services';
import { formatNaira } from '@agentdesk/contract/money';
import type { Queryable } from '../../db/database.js';
import { findLevelTerms } from '../price-levels/price-levels.repo.js';
import { listEnabledServices, listEnabledVariations } from './catalog.repo.js';
import { CATALOGUE_TERMS, serviceDiscountBps, variationPrice } from './pricing.js';

/**
 * The enabled catalogue as an agent sees it, at the prices of their level (docs/decisions/038):
 * bounds, discount, and each plan's face value and price.
 */
export async function catalogView(
  db: Queryable,
  priceLevelId: string | null,
  category?: ServiceCategory,
): Promise<TService[]> {
  const services = await listEnabledServices(db, category);
  const variations = await listEnabledVariations(
    db,
    services.map((service) => service.service_id),
  );
  const level = priceLevelId === null ? CATALOGUE_TERMS : await findLevelTerms(db, priceLevelId);
  return services.map((service) => ({
    category: service.category,
    id: service.service_id,
    name: service.name,
    image: service.image_url,
    productType: service.product_type,
    minAmount: service.min_amount === null ? null : formatNaira(service.min_amount),
    maxAmount: service.max_amount === null ? null : formatNaira(service.max_amount),
    discountPercent: (serviceDiscountBps(service, level) / 100).toFixed(2),
    variations: variations
      .filter((variation) => variation.service_id === service.service_id && variation.face_value > 0n)
      .map((variation) => ({
        code: variation.code,
        name: variation.name,
        faceValue: formatNaira(variation.face_value),
        price: formatNaira(variationPrice(service, variation, level)),
      })),
  }));
}

/** The catalogue as the API sells it to an agent: each service with the purchase body's `service` value. */
export async function apiCatalogView(db: Queryable, priceLevelId: string | null): Promise<TApiService[]> {
  return (await catalogView(db, priceLevelId)).map((service) => ({ ...service, purchaseService: service.category }));
}
