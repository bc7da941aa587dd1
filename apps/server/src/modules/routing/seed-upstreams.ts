import type { Database } from '../../db/database.js';
import { FIRST_UPSTREAM_ID } from '../ledger/ledger.repo.js';
import { sealCredentials, type UpstreamCredentials } from './upstream-credentials.js';
import { insertUpstream, setUpstreamConnection } from './upstreams.repo.js';

/** The id the second upstream, Clubkonnect, is seeded under. */
export const CLUBKONNECT_UPSTREAM_ID = 'clubkonnect';

/** An upstream the environment configures: `fromEnvironment` when its variables set it (not a sandbox default). */
interface ConfiguredUpstream {
  baseUrl: string | null;
  fromEnvironment: boolean;
}

export interface SeededUpstreams {
  vtpass: ConfiguredUpstream & { apiKey: string; publicKey: string; secretKey: string };
  clubkonnect?: (ConfiguredUpstream & { userId: string; apiKey: string }) | undefined;
}

/**
 * The upstreams the environment configures (decision 037). One its variables set is the
 * environment's: its address and credentials are written at every start, so that changing
 * them and restarting takes effect as it always did, and operators may not change them in the
 * console. One seeded with a sandbox's defaults is written once and is the operator's after
 * that. Answers the ids of the environment's. The first upstream, the catalogue's, is VTpass.
 */
export async function seedConfiguredUpstreams(
  db: Database,
  deps: { key: Buffer; now: Date; upstreams: SeededUpstreams },
): Promise<Set<string>> {
  const { key, now, upstreams } = deps;
  const seeds: Array<{
    id: string;
    name: string;
    baseUrl: string | null;
    fromEnvironment: boolean;
    credentials: UpstreamCredentials;
  }> = [
    {
      id: FIRST_UPSTREAM_ID,
      name: 'VTpass',
      baseUrl: upstreams.vtpass.baseUrl,
      fromEnvironment: upstreams.vtpass.fromEnvironment,
      credentials: {
        kind: 'vtpass',
        apiKey: upstreams.vtpass.apiKey,
        publicKey: upstreams.vtpass.publicKey,
        secretKey: upstreams.vtpass.secretKey,
      },
    },
  ];
  if (upstreams.clubkonnect) {
    seeds.push({
      id: CLUBKONNECT_UPSTREAM_ID,
      name: 'Clubkonnect',
      baseUrl: upstreams.clubkonnect.baseUrl,
      fromEnvironment: upstreams.clubkonnect.fromEnvironment,
      credentials: { kind: 'clubkonnect', userId: upstreams.clubkonnect.userId, apiKey: upstreams.clubkonnect.apiKey },
    });
  }
  await db.transaction(async (tx) => {
    for (const seed of seeds) {
      const row = {
        id: seed.id,
        kind: seed.credentials.kind,
        name: seed.name,
        base_url: seed.baseUrl,
        credentials: sealCredentials(key, seed.id, seed.credentials),
        enabled: true,
      };
      if (await insertUpstream(tx, row, now)) continue;
      if (seed.fromEnvironment) await setUpstreamConnection(tx, seed.id, row, now);
    }
  });
  return new Set(seeds.filter((seed) => seed.fromEnvironment).map((seed) => seed.id));
}
