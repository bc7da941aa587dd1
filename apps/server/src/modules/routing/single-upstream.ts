import { FIRST_UPSTREAM_ID } from '../ledger/ledger.repo.js';
import type { UpstreamAdapter } from '../upstream/upstream.js';
import type { UpstreamRegistry } from './upstream-registry.js';

/**
 * Routing to one adapter for everything, as the first upstream: for what runs purchases outside
 * the server's own configuration (the demo's history, tests of one upstream's answers).
 */
export function singleUpstream(adapter: UpstreamAdapter): UpstreamRegistry {
  return {
    catalogueUpstreamId: FIRST_UPSTREAM_ID,
    adapter: () => Promise.resolve(adapter),
    newRequestId: (_kind, now) => adapter.newRequestId(now),
    targets: () => Promise.resolve([{ upstreamId: FIRST_UPSTREAM_ID, kind: 'vtpass', upstreamCode: null, cost: null }]),
    // A route of one upstream is never judged (decision 040).
    judge: () => Promise.resolve(false),
    delegate: () => adapter,
  };
}

/** A purchases service's `upstream` and `routing`, both the one adapter. */
export function withOneUpstream(adapter: UpstreamAdapter) {
  return { upstream: adapter, routing: singleUpstream(adapter) };
}
