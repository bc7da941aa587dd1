import type { FastifyInstance } from 'fastify';
import {
  adminListCatalogPlans,
  adminListCatalogServices,
  setServiceTerms,
  setVariationTerms,
  syncCatalog as syncCatalogEndpoint,
} from '@agentdesk/contract/admin/catalog';
import { formatNaira } from '@agentdesk/contract/money';
import { percentToBps } from '@agentdesk/contract/percent';
import type { Database } from '../../db/database.js';
import { mountEndpoint } from '../../http/route.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { recordAudit } from '../audit/record-audit.js';
import type { UpstreamAdapter } from '../upstream/upstream.js';
import { listAdminPlans, listAdminServices, planCursorExists, serviceCursorExists } from './catalog-admin.repo.js';
import { findService } from './catalog.repo.js';
import { CATALOGUE_TERMS, variationPrice } from './pricing.js';
import { changeServiceTerms, changeVariationTerms } from './catalog-terms.service.js';
import { syncCatalog } from './catalog-sync.service.js';

/** The catalogue as operators run it: sync from the upstream, discounts, fixed prices, switches. */
export function registerCatalogAdminRoutes(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock; upstream: UpstreamAdapter },
): void {
  const { db, clock } = deps;

  mountEndpoint(app, syncCatalogEndpoint, {}, async ({ actor }) => {
    // A sync commits service by service (so that one cut short keeps what it did): its audit
    // row commits with the record that the whole sync completed (docs/decisions/033).
    const report = await syncCatalog({
      db,
      clock,
      upstream: deps.upstream,
      onCompleted: (tx, done) =>
        recordAudit(
          tx,
          actor,
          { action: 'catalog.sync', target: { type: 'catalog', id: 'upstream' }, after: { ...done } },
          clock.now(),
        ),
    });
    const withdrawn = report.withdrawn > 0 ? `; ${report.withdrawn} no longer listed, withdrawn from sale` : '';
    const followed = report.pricesChanged > 0 ? `; ${report.pricesChanged} changed price, levels' prices followed` : '';
    return {
      message: `Synced ${report.services} services and ${report.variations} variations${withdrawn}${followed}`,
      data: report,
    };
  });

  mountEndpoint(app, setServiceTerms, {}, async ({ actor, params, body }) => {
    const found = await changeServiceTerms({ db, clock }, actor, params.serviceId!, {
      ...(body.discountPercent !== undefined ? { discountBps: percentToBps(body.discountPercent) } : {}),
      ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
    });
    if (!found) throw new AppError('NOT_FOUND', 'Service not found');
    return { message: 'Service updated', data: { serviceId: params.serviceId! } };
  });

  mountEndpoint(app, setVariationTerms, {}, async ({ actor, params, body }) => {
    const found = await changeVariationTerms({ db, clock }, actor, params.serviceId!, params.code!, {
      ...(body.agentPrice !== undefined ? { agentPrice: body.agentPrice } : {}),
      ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
    });
    if (!found) throw new AppError('NOT_FOUND', 'Variation not found');
    return { message: 'Variation updated', data: { serviceId: params.serviceId!, code: params.code! } };
  });

  mountEndpoint(app, adminListCatalogServices, {}, async ({ query }) => {
    if (query.cursor && !(await serviceCursorExists(db, query.cursor))) throw AppError.unknownCursor();
    const rows = await listAdminServices(db, query);
    const page = rows.slice(0, query.limit);
    return {
      message: 'OK',
      data: page.map((row) => ({
        id: row.service_id,
        category: row.category,
        name: row.name,
        productType: row.product_type,
        minAmount: row.min_amount === null ? null : formatNaira(row.min_amount),
        maxAmount: row.max_amount === null ? null : formatNaira(row.max_amount),
        discountPercent: (row.discount_bps / 100).toFixed(2),
        enabled: row.enabled,
        plans: { total: row.plans_total, forSale: row.plans_for_sale },
      })),
      meta: { nextCursor: rows.length > query.limit ? page.at(-1)!.service_id : null },
    };
  });

  mountEndpoint(app, adminListCatalogPlans, {}, async ({ params, query }) => {
    const service = await findService(db, params.serviceId!);
    if (!service) throw new AppError('NOT_FOUND', 'Service not found');
    if (query.cursor && !(await planCursorExists(db, service.service_id, query.cursor))) {
      throw AppError.unknownCursor();
    }
    const rows = await listAdminPlans(db, service.service_id, query);
    const page = rows.slice(0, query.limit);
    return {
      message: 'OK',
      data: page.map((row) => ({
        code: row.code,
        name: row.name,
        faceValue: formatNaira(row.face_value),
        // The upstream's cost is not in the catalogue (the sync lists face values only): unknown,
        // and so is the margin, rather than a figure made up.
        upstreamCost: null,
        agentPrice: formatNaira(variationPrice(service, row, CATALOGUE_TERMS)),
        fixedPrice: row.agent_price === null ? null : formatNaira(row.agent_price),
        margin: null,
        enabled: row.enabled,
        listed: row.listed,
        offReason: row.off_reason,
      })),
      meta: { nextCursor: rows.length > query.limit ? page.at(-1)!.code : null },
    };
  });
}
