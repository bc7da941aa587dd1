import { randomBytes } from 'node:crypto';
import {
  API_KEY_PATTERN,
  API_KEY_PREFIX_LENGTH,
  MAX_ACTIVE_API_KEYS,
  type TApiKey,
  type TNewApiKey,
} from '@agentdesk/contract/api/api-keys';
import type { Database } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { createNotifiedCache } from '../../lib/notified-cache.js';
import type { ServerSecret } from '../../lib/server-secret.js';
import type { UserRow } from '../auth/users.repo.js';
import { accountSuspended } from '../auth/accounts.service.js';
import {
  countKeysOf,
  findKeyByHash,
  findKeyOf,
  insertApiKey,
  listKeysOf,
  lockKeyOwner,
  revokeKeyOf,
  touchKey,
  updateActiveKeyOf,
  type ApiKeyRow,
} from './api-keys.repo.js';
import { ipAllowed } from './ip-allow-list.js';

/** Who a reseller call acts for: the key's agent (the services take `user` as for a session) and the key. */
export interface ApiKeyAuthenticated {
  user: UserRow;
  apiKeyId: string;
}

/** The keyed hash's purpose: its HMAC key is derived from SECRET_KEY for this use only. */
const HASH_PURPOSE = 'api-keys';
/** last_used_at is written at most this often per key, so calls are not each a write. */
const TOUCH_EVERY_MS = 60_000;

function toView(row: ApiKeyRow): TApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    status: row.revoked_at ? 'revoked' : 'active',
    allowedIps: row.allowed_ips,
  };
}

const notFound = () => new AppError('NOT_FOUND', 'No such API key');
const unauthenticated = (message: string) => new AppError('UNAUTHENTICATED', message);

/**
 * Keys checked lately, by keyed hash, forgotten when their user's credentials or user row
 * change (docs/decisions/026, migration 018): a reseller call then costs no key query.
 */
const CACHE = { channel: 'agentdesk_sessions', ttlMs: 5 * 60_000, maxEntries: 10_000 };

type FoundKey = NonNullable<Awaited<ReturnType<typeof findKeyByHash>>>;

export async function createApiKeysService(deps: { db: Database; clock: Clock; serverSecret: ServerSecret }) {
  const { db, clock, serverSecret } = deps;
  const hashOf = (key: string) => serverSecret.keyedHash(HASH_PURPOSE, key);
  const checked = await createNotifiedCache<string, FoundKey>({
    ...CACHE,
    notifications: db.notifications,
    clock,
    concerns: (userId, found) => found.user.id === userId,
  });

  return {
    async list(userId: string): Promise<TApiKey[]> {
      return (await listKeysOf(db, userId)).map(toView);
    },

    /** A new key, named "Key N"; the secret is in this answer only (its keyed hash is what is kept). */
    async create(userId: string): Promise<TNewApiKey> {
      const secret = `adk_${randomBytes(32).toString('base64url')}`;
      const row = await db.transaction(async (tx) => {
        await lockKeyOwner(tx, userId);
        const counts = await countKeysOf(tx, userId);
        if (counts.active >= MAX_ACTIVE_API_KEYS) {
          throw new AppError(
            'CONFLICT',
            `You already have ${MAX_ACTIVE_API_KEYS} active API keys, the most allowed. Revoke one before generating another.`,
          );
        }
        return insertApiKey(tx, {
          userId,
          name: `Key ${counts.total + 1}`,
          keyHash: hashOf(secret),
          prefix: secret.slice(0, API_KEY_PREFIX_LENGTH),
          now: clock.now(),
        });
      });
      return { ...toView(row), secret };
    },

    async update(
      userId: string,
      id: string,
      changes: { name?: string | undefined; allowedIps?: string[] | undefined },
    ): Promise<TApiKey> {
      const row = await updateActiveKeyOf(db, userId, id, changes);
      // A new allow-list holds on this instance before this answers (decision 026).
      await db.notifications.delivered();
      if (row) return toView(row);
      if (await findKeyOf(db, userId, id)) {
        throw new AppError('CONFLICT', 'This API key has been revoked and can no longer be changed');
      }
      throw notFound();
    },

    /** Revokes at once; revoking a revoked key answers it as it is. */
    async revoke(userId: string, id: string): Promise<TApiKey> {
      const revoked = await revokeKeyOf(db, userId, id, clock.now());
      // Refused on this instance before this answers (decision 026).
      await db.notifications.delivered();
      const row = revoked ?? (await findKeyOf(db, userId, id));
      if (!row) throw notFound();
      return toView(row);
    },

    /**
     * The agent behind a key presented from `ip`; each refusal says why: a malformed, unknown or
     * revoked key is a 401, an address outside the key's allow-list a 403 naming the address.
     */
    async authenticate(key: string, ip: string): Promise<ApiKeyAuthenticated> {
      if (!API_KEY_PATTERN.test(key)) {
        throw unauthenticated('The API key is malformed: expected "adk_" followed by 43 letters, digits, "-" or "_"');
      }
      const hash = hashOf(key);
      const found = await checked.get(hash.toString('base64'), () => findKeyByHash(db, hash));
      if (!found) throw unauthenticated('This API key is not valid: check that it was copied whole');
      if (found.key.revoked_at) throw unauthenticated('This API key has been revoked');
      if (found.user.role !== 'agent') throw new AppError('FORBIDDEN', 'This API key cannot use the reseller API');
      if (found.user.suspended_at) throw accountSuspended();
      if (!ipAllowed(found.key.allowed_ips, ip)) {
        throw new AppError('FORBIDDEN', `This API key cannot be used from ${ip}: add it to the key's allowed IPs`);
      }
      const now = clock.now();
      if (!found.key.last_used_at || now.getTime() - found.key.last_used_at.getTime() >= TOUCH_EVERY_MS) {
        await touchKey(db, found.key.id, now);
        found.key.last_used_at = now;
      }
      return { user: found.user, apiKeyId: found.key.id };
    },
  };
}

export type ApiKeysService = Awaited<ReturnType<typeof createApiKeysService>>;
