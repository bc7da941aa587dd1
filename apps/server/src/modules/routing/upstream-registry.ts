import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { createNotifiedCache } from '../../lib/notified-cache.js';
import type { UpstreamAdapter } from '../upstream/upstream.js';
import type { UpstreamBreaker } from '../upstream-health/upstream-breaker.js';
import { buildAdapter, REQUEST_ID_OF, type AdapterSettings } from './upstream-adapters.js';
import { openCredentials } from './upstream-credentials.js';
import { findRouteTargets, findUpstream, type RouteTarget, type UpstreamKind } from './upstreams.repo.js';

// Any change to the upstreams, their routes or plans empties these (migration 029, decision 026).
const CACHE = { channel: 'agentdesk_routing', ttlMs: 10 * 60_000, maxEntries: 10_000 };

/** What an order's route depends on: its service and, for a fixed-price service, its plan. */
export interface Routable {
  service: 'airtime' | 'data' | 'electricity' | 'cable' | 'result-checker';
  service_id: string;
  variation_code: string | null;
}

/**
 * Whether an upstream can be sent this order: the catalogue's own upstream always; another only
 * with its own code for the plan, where the product is a plan (data, a bouquet, an exam PIN).
 * Airtime and electricity name no plan (an electricity order's code is the meter type).
 */
function canTake(target: RouteTarget, order: Routable, catalogueUpstreamId: string): boolean {
  if (target.upstreamId === catalogueUpstreamId) return true;
  const namesPlan = order.service === 'data' || order.service === 'cable' || order.service === 'result-checker';
  return !namesPlan || order.variation_code === null || target.upstreamCode !== null;
}

/**
 * The configured upstreams as purchases see them (decision 037): each one's adapter, built
 * from its row with its credentials opened, and each service's route; both kept in memory
 * until PostgreSQL notifies a change, on any instance.
 */
export async function createUpstreamRegistry(deps: {
  db: Database;
  clock: Clock;
  credentialsKey: () => Buffer;
  adapters: AdapterSettings;
  /** The upstream whose catalogue ours is, whose plan codes are ours (the first one). */
  catalogueUpstreamId: string;
  /** Skips an upstream whose attempts at a service collapsed (decision 040); none: never skipped. */
  breaker?: UpstreamBreaker;
}) {
  const { db, catalogueUpstreamId } = deps;
  const options = { ...CACHE, notifications: db.notifications, clock: deps.clock };
  const adapters = await createNotifiedCache<string, { kind: UpstreamKind; adapter: UpstreamAdapter }>(options);
  const routes = await createNotifiedCache<string, RouteTarget[]>(options);

  async function loadAdapter(id: string) {
    const row = await findUpstream(db, id);
    if (!row) return undefined;
    const credentials = openCredentials(deps.credentialsKey(), row.id, row.kind, row.credentials);
    return { kind: row.kind, adapter: buildAdapter(deps.adapters, { baseUrl: row.base_url, credentials }) };
  }

  async function configured(id: string) {
    const found = await adapters.get(id, () => loadAdapter(id));
    if (!found) throw new Error(`upstream ${id} is not configured`);
    return found;
  }

  /**
   * The route with the upstreams whose breaker is open for the service moved to its end, in
   * their order (decision 040): a new order is not sent to them while another upstream of the
   * route is closed, yet an order every other upstream definitively failed still gets to them
   * rather than being refunded, and a route whose every breaker is open still sells. The
   * breaker alone never makes a service unsellable. The open breakers are read from memory.
   */
  async function demoteBroken(candidates: RouteTarget[], serviceId: string, via: Queryable): Promise<RouteTarget[]> {
    const { breaker } = deps;
    if (!breaker || candidates.length < 2) return candidates;
    const isOpen = await breaker.openNow(via);
    const closed = candidates.filter((target) => !isOpen(target.upstreamId, serviceId));
    if (closed.length === candidates.length) return candidates;
    return [...closed, ...candidates.filter((target) => isOpen(target.upstreamId, serviceId))];
  }

  /** The route's upstreams that can take the order, in its order (the route read from memory). */
  async function candidatesFor(order: Routable, via: Queryable): Promise<RouteTarget[]> {
    const key = `${order.service_id}\n${order.variation_code ?? ''}`;
    const all = (await routes.get(key, () => findRouteTargets(via, order.service_id, order.variation_code))) ?? [];
    return all.filter((target) => canTake(target, order, catalogueUpstreamId));
  }

  const registry = {
    catalogueUpstreamId,

    /** The adapter of a configured upstream (enabled or not: an order with it is still asked about). */
    adapter: async (id: string): Promise<UpstreamAdapter> => (await configured(id)).adapter,

    /** A new request id for an attempt with this kind of upstream. */
    newRequestId: (kind: UpstreamKind, now: Date): string => REQUEST_ID_OF[kind](now),

    /**
     * The upstreams that may be sent this order, in its route's order. `via`: the transaction
     * the caller is in, which must read what the cache lacks (PGlite has one connection).
     */
    async targets(order: Routable, via: Queryable = db): Promise<RouteTarget[]> {
      return demoteBroken(await candidatesFor(order, via), order.service_id, via);
    },

    /**
     * After an attempt of the order with `upstreamId` ended badly (a definitive failure, or a
     * pay with no final answer), in the transaction that recorded it: judges that upstream's
     * breaker for the service (decision 040). A route of one upstream is not judged (nothing
     * to skip to, no query spent). Answers whether this opened the breaker.
     */
    async judge(order: Routable, upstreamId: string, via: Queryable): Promise<boolean> {
      const { breaker } = deps;
      if (!breaker || (await candidatesFor(order, via)).length < 2) return false;
      return breaker.judge(via, upstreamId, order.service_id);
    },

    /**
     * One upstream as a plain adapter whose every call goes to its current configuration: what
     * the catalogue, verifications and the float read use, without knowing of routing.
     */
    delegate(id: string, kind: UpstreamKind): UpstreamAdapter {
      const current = () => registry.adapter(id);
      return {
        listServices: async (category) => (await current()).listServices(category),
        listVariations: async (serviceId) => (await current()).listVariations(serviceId),
        verify: async (request) => (await current()).verify(request),
        newRequestId: (now) => REQUEST_ID_OF[kind](now),
        pay: async (request) => (await current()).pay(request),
        requery: async (requestId) => (await current()).requery(requestId),
        balance: async () => (await current()).balance(),
      };
    },
  };
  return registry;
}

export type UpstreamRegistry = Awaited<ReturnType<typeof createUpstreamRegistry>>;
