import type { TPriceLevelPlan, TPriceLevelService } from '@agentdesk/contract/admin/price-levels';
import type { ServiceCategory } from '@agentdesk/contract/catalog/services';
import { formatNaira } from '@agentdesk/contract/money';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import {
  listAdminPlans,
  listAdminServices,
  planCursorExists,
  serviceCursorExists,
} from '../catalog/catalog-admin.repo.js';
import { findService } from '../catalog/catalog.repo.js';
import { CATALOGUE_TERMS, planKey, pricedVariation, serviceDiscountBps } from '../catalog/pricing.js';
import { findLevelTerms } from './price-levels.repo.js';

const percentOf = (bps: number) => (bps / 100).toFixed(2);

interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

/**
 * One page of the catalogue's services as a level sells them: the catalogue's page (the same
 * order, search and cursor as the catalogue screen), with the level's overrides beside it.
 */
export async function levelServicesPage(
  db: Queryable,
  levelId: string,
  query: { q?: string | undefined; category?: ServiceCategory | undefined; cursor?: string | undefined; limit: number },
): Promise<Page<TPriceLevelService>> {
  if (query.cursor && !(await serviceCursorExists(db, query.cursor))) throw AppError.unknownCursor();
  const rows = await listAdminServices(db, query);
  const page = rows.slice(0, query.limit);
  const terms = await findLevelTerms(db, levelId);
  const fixedPrices = new Map<string, number>();
  for (const key of terms.prices.keys()) {
    const serviceId = key.slice(0, key.indexOf('\n'));
    fixedPrices.set(serviceId, (fixedPrices.get(serviceId) ?? 0) + 1);
  }
  return {
    data: page.map((row) => {
      const own = terms.discounts.get(row.service_id);
      return {
        id: row.service_id,
        category: row.category,
        name: row.name,
        productType: row.product_type,
        enabled: row.enabled,
        catalogueDiscountPercent: percentOf(row.discount_bps),
        levelDiscountPercent: own === undefined ? null : percentOf(own),
        discountPercent: percentOf(serviceDiscountBps(row, terms)),
        plans: { total: row.plans_total, forSale: row.plans_for_sale },
        fixedPrices: fixedPrices.get(row.service_id) ?? 0,
      };
    }),
    nextCursor: rows.length > query.limit ? page.at(-1)!.service_id : null,
  };
}

/** One page of a service's plans as a level sells them: the catalogue's price, the level's, and which applies. */
export async function levelPlansPage(
  db: Queryable,
  levelId: string,
  serviceId: string,
  query: { q?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<Page<TPriceLevelPlan>> {
  const service = await findService(db, serviceId);
  if (!service) throw new AppError('NOT_FOUND', 'Service not found');
  if (query.cursor && !(await planCursorExists(db, serviceId, query.cursor))) throw AppError.unknownCursor();
  const rows = await listAdminPlans(db, serviceId, query);
  const page = rows.slice(0, query.limit);
  const terms = await findLevelTerms(db, levelId);
  return {
    data: page.map((row) => {
      const priced = pricedVariation(service, row, terms);
      const own = terms.prices.get(planKey(serviceId, row.code));
      return {
        code: row.code,
        name: row.name,
        faceValue: formatNaira(row.face_value),
        cataloguePrice: formatNaira(pricedVariation(service, row, CATALOGUE_TERMS).price),
        levelPrice: own === undefined ? null : formatNaira(own),
        price: formatNaira(priced.price),
        rule: priced.rule,
        // The upstream's cost is not in the catalogue (its sync lists face values only): unknown,
        // and so is the margin, rather than a figure made up (as the catalogue's own screen says).
        upstreamCost: null,
        margin: null,
        enabled: row.enabled,
        listed: row.listed,
      };
    }),
    nextCursor: rows.length > query.limit ? page.at(-1)!.code : null,
  };
}
