import type { FastifyInstance } from 'fastify';
import {
  setServiceTerms,
  setVariationTerms,
  syncCatalog as syncCatalogEndpoint,
} from '@agentdesk/contract/admin/catalog';
import { percentToBps } from '@agentdesk/contract/percent';
import type { Database } from '../../db/database.js';
import { mountEndpoint } from '../../http/route.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { recordAudit } from '../audit/record-audit.js';
import type { UpstreamAdapter } from '../upstream/upstream.js';
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
    return {
      message: `Synced ${report.services} services and ${report.variations} variations${withdrawn}`,
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
}
