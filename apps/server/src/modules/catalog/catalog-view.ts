import type { TApiService } from '@agentdesk/contract/api/api-services';
import type { ServiceCategory, TService } from '@agentdesk/contract/catalog/services';
import { formatNaira } from '@agentdesk/contract/money';
import type { Queryable } from '../../db/database.js';
import { listEnabledServices, listEnabledVariations } from './catalog.repo.js';
import { variationPrice } from './pricing.js';

/** The enabled catalogue as agents see it: bounds, discount, and each plan's face value and price. */
export async function catalogView(db: Queryable, category?: ServiceCategory): Promise<TService[]> {
  const services = await listEnabledServices(db, category);
  const variations = await listEnabledVariations(
    db,
    services.map((service) => service.service_id),
  );
  return services.map((service) => ({
    category: service.category,
    id: service.service_id,
    name: service.name,
    image: service.image_url,
    productType: service.product_type,
    minAmount: service.min_amount === null ? null : formatNaira(service.min_amount),
    maxAmount: service.max_amount === null ? null : formatNaira(service.max_amount),
    discountPercent: (service.discount_bps / 100).toFixed(2),
    variations: variations
      .filter((variation) => variation.service_id === service.service_id && variation.face_value > 0n)
      .map((variation) => ({
        code: variation.code,
        name: variation.name,
        faceValue: formatNaira(variation.face_value),
        price: formatNaira(variationPrice(service, variation)),
      })),
  }));
}

/** The catalogue as the API sells it: each service with the purchase body's `service` value. */
export async function apiCatalogView(db: Queryable): Promise<TApiService[]> {
  return (await catalogView(db)).map((service) => ({ ...service, purchaseService: service.category }));
}
