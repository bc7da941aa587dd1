import type { FastifyInstance } from 'fastify';
import { listApiServices } from '@agentdesk/contract/api/api-services';
import { listServices } from '@agentdesk/contract/catalog/services';
import { validateJambProfile, validateMeter, validateSmartcard } from '@agentdesk/contract/catalog/validate';
import type { Database } from '../../db/database.js';
import { limit } from '../../http/rate-limits.js';
import { mountEndpoint } from '../../http/route.js';
import type { UpstreamAdapter } from '../upstream/upstream.js';
import { apiCatalogView, catalogView } from './catalog-view.js';
import { createCustomerLookup } from './customer-lookup.js';

export function registerCatalogRoutes(app: FastifyInstance, deps: { db: Database; upstream: UpstreamAdapter }): void {
  const { db } = deps;
  const lookup = createCustomerLookup(deps);
  // Lookups cost the provider an upstream call each: bounded per agent.
  const lookups = limit(app, {
    name: 'customer-lookup',
    max: 60,
    windowMs: 15 * 60_000,
    key: (request) => request.auth?.user.id ?? request.ip,
  });

  // Each agent sees the prices of their own level (the session's user row names it).
  mountEndpoint(app, listServices, {}, async ({ auth, query }) => ({
    message: 'OK',
    data: await catalogView(db, auth.user.price_level_id, query.category),
  }));

  mountEndpoint(app, listApiServices, {}, async ({ auth }) => ({
    message: 'OK',
    data: await apiCatalogView(db, auth.user.price_level_id),
  }));

  mountEndpoint(app, validateMeter, { preHandler: [lookups] }, async ({ query }) => ({
    message: 'Meter found',
    data: await lookup.meter(query),
  }));

  mountEndpoint(app, validateSmartcard, { preHandler: [lookups] }, async ({ query }) => ({
    message: 'Smartcard found',
    data: await lookup.smartcard(query),
  }));

  mountEndpoint(app, validateJambProfile, { preHandler: [lookups] }, async ({ query }) => ({
    message: 'Profile found',
    data: await lookup.jambProfile(query),
  }));
}
