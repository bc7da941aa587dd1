import type { Logger } from 'pino';
import type { AuditActor } from '../modules/audit/audit-actor.js';
import { CLUBKONNECT_UPSTREAM_ID } from '../modules/routing/seed-upstreams.js';
import type { UpstreamsService } from '../modules/routing/upstreams.service.js';

/** The demo's first start, as the audit log names it. */
const DEMO_SEED: AuditActor = { operatorId: null, role: null, ip: null, userAgent: 'demo seed (npm start)' };

/** The services the demo routes to both sandboxes: every network's airtime and data. */
const DEMO_ROUTED = ['mtn', 'glo', 'airtel', 'etisalat', 'mtn-data', 'glo-data', 'airtel-data', 'etisalat-data'];

/**
 * A demo that shows routing (decision 037): on a first start with both built-in sandboxes, and
 * while no route is set, Clubkonnect's plans are read and matched, and airtime and data go to
 * VTpass first and to Clubkonnect when VTpass definitively fails them (its failure number,
 * 08000000000, is then delivered by Clubkonnect). Changes nothing once an operator has set a route.
 */
export async function seedDemoRoutes(upstreams: UpstreamsService, log: Logger): Promise<boolean> {
  const listed = await upstreams.list();
  const clubkonnect = listed.find((upstream) => upstream.id === CLUBKONNECT_UPSTREAM_ID);
  if (!clubkonnect || clubkonnect.baseUrl !== null) return false;
  const routes = await upstreams.routes();
  if (routes.some((route) => route.upstreams.length > 0)) return false;
  const plans = await upstreams.syncPlans(DEMO_SEED, CLUBKONNECT_UPSTREAM_ID);
  for (const route of routes.filter((route) => DEMO_ROUTED.includes(route.serviceId))) {
    await upstreams.setRoute(DEMO_SEED, route.serviceId, ['vtpass', CLUBKONNECT_UPSTREAM_ID]);
  }
  log.info(plans, 'demo routes seeded: airtime and data fail over from VTpass to Clubkonnect');
  return true;
}
