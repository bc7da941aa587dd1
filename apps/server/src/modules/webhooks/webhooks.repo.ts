import type { TWebhookEventType } from '@agentdesk/contract/api/webhooks';
import type { Queryable } from '../../db/database.js';

export interface WebhookEndpointRow {
  user_id: string;
  url: string | null;
  enabled: boolean;
  secret_encrypted: Buffer | null;
  secret_prefix: string | null;
  created_at: Date;
  updated_at: Date;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveryRow {
  id: string;
  user_id: string;
  event_id: string;
  event_type: TWebhookEventType;
  order_id: string | null;
  body: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Date;
  delivered_at: Date | null;
}

/** A delivery claimed for sending, with where it goes now and the sealed secret to sign it with. */
export interface ClaimedDelivery extends WebhookDeliveryRow {
  url: string | null;
  enabled: boolean | null;
  secret_encrypted: Buffer | null;
}

// id is bigint in the table; as text here, it is what the API shows and what cursors carry.
const DELIVERY_COLUMNS = `id::text AS id, user_id, event_id, event_type, order_id, body, status, attempts,
  next_attempt_at, last_status_code, last_error, created_at, delivered_at`;

const toBuffer = (value: Buffer | Uint8Array | null): Buffer | null => (value ? Buffer.from(value) : null);

function endpointRow(row: WebhookEndpointRow | undefined): WebhookEndpointRow | undefined {
  return row ? { ...row, secret_encrypted: toBuffer(row.secret_encrypted) } : undefined;
}

export async function findEndpoint(db: Queryable, userId: string): Promise<WebhookEndpointRow | undefined> {
  const rows = await db.query<WebhookEndpointRow>('SELECT * FROM webhook_endpoints WHERE user_id = $1', [userId]);
  return endpointRow(rows[0]);
}

/** The agent's endpoint locked until the transaction ends (saves and rotations are serialised per agent). */
export async function lockEndpoint(tx: Queryable, userId: string): Promise<WebhookEndpointRow | undefined> {
  const rows = await tx.query<WebhookEndpointRow>('SELECT * FROM webhook_endpoints WHERE user_id = $1 FOR UPDATE', [
    userId,
  ]);
  return endpointRow(rows[0]);
}

/** Creates or replaces the agent's endpoint; a null secret keeps the one stored. */
export async function upsertEndpoint(
  tx: Queryable,
  endpoint: {
    userId: string;
    url: string | null;
    enabled: boolean;
    secret: { encrypted: Buffer; prefix: string } | null;
    now: Date;
  },
): Promise<WebhookEndpointRow> {
  const rows = await tx.query<WebhookEndpointRow>(
    `INSERT INTO webhook_endpoints (user_id, url, enabled, secret_encrypted, secret_prefix, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6)
     ON CONFLICT (user_id) DO UPDATE SET
       url = EXCLUDED.url,
       enabled = EXCLUDED.enabled,
       secret_encrypted = COALESCE(EXCLUDED.secret_encrypted, webhook_endpoints.secret_encrypted),
       secret_prefix = COALESCE(EXCLUDED.secret_prefix, webhook_endpoints.secret_prefix),
       updated_at = EXCLUDED.updated_at
     RETURNING *`,
    [
      endpoint.userId,
      endpoint.url,
      endpoint.enabled,
      endpoint.secret?.encrypted ?? null,
      endpoint.secret?.prefix ?? null,
      endpoint.now,
    ],
  );
  return endpointRow(rows[0])!;
}

/** Replaces the secret, creating the endpoint (without a URL) if there was none. */
export async function replaceSecret(
  tx: Queryable,
  userId: string,
  secret: { encrypted: Buffer; prefix: string },
  now: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO webhook_endpoints (user_id, url, enabled, secret_encrypted, secret_prefix, created_at, updated_at)
     VALUES ($1, NULL, false, $2, $3, $4, $4)
     ON CONFLICT (user_id) DO UPDATE SET secret_encrypted = $2, secret_prefix = $3, updated_at = $4`,
    [userId, secret.encrypted, secret.prefix, now],
  );
}

/**
 * Records an event for the agent's enabled endpoint, in the caller's transaction; nothing
 * when the agent has none. An order's event is recorded once whoever settles it.
 */
export async function insertDeliveryForEnabled(
  tx: Queryable,
  delivery: {
    userId: string;
    eventId: string;
    eventType: WebhookDeliveryRow['event_type'];
    orderId: string | null;
    body: string;
    now: Date;
  },
): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO webhook_deliveries (user_id, event_id, event_type, order_id, body, next_attempt_at, created_at)
     SELECT e.user_id, $2::text, $3::text, $4::uuid, $5::text, $6::timestamptz, $6::timestamptz
     FROM webhook_endpoints e
     WHERE e.user_id = $1 AND e.enabled AND e.url IS NOT NULL
     ON CONFLICT (order_id, event_type) WHERE order_id IS NOT NULL DO NOTHING
     RETURNING id`,
    [delivery.userId, delivery.eventId, delivery.eventType, delivery.orderId, delivery.body, delivery.now],
  );
  return rows.length > 0;
}

/** The agents of a level whose webhook is on (a handful of reseller clients). */
export async function listEnabledEndpointsOfLevel(tx: Queryable, levelId: string): Promise<string[]> {
  const rows = await tx.query<{ user_id: string }>(
    `SELECT e.user_id FROM webhook_endpoints e JOIN users u ON u.id = e.user_id
     WHERE u.price_level_id = $1 AND e.enabled AND e.url IS NOT NULL ORDER BY e.user_id`,
    [levelId],
  );
  return rows.map((row) => row.user_id);
}

/** A test event, leased to the caller (who sends it at once) so the worker leaves it alone. */
export async function insertTestDelivery(
  tx: Queryable,
  delivery: { userId: string; eventId: string; body: string; now: Date; leaseUntil: Date },
): Promise<WebhookDeliveryRow> {
  const rows = await tx.query<WebhookDeliveryRow>(
    `INSERT INTO webhook_deliveries (user_id, event_id, event_type, body, next_attempt_at, created_at)
     VALUES ($1, $2, 'test', $3, $4, $5) RETURNING ${DELIVERY_COLUMNS}`,
    [delivery.userId, delivery.eventId, delivery.body, delivery.leaseUntil, delivery.now],
  );
  return rows[0]!;
}

/**
 * Claims due deliveries: each is leased (its next attempt moved to `leaseUntil`) so another
 * worker skips it while it is in flight, and comes back by itself if this process dies.
 */
export async function claimDueDeliveries(
  tx: Queryable,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const rows = await tx.query<ClaimedDelivery>(
    `WITH due AS (
       SELECT id FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= $1
       ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED
     ), claimed AS (
       UPDATE webhook_deliveries d SET next_attempt_at = $2 FROM due WHERE d.id = due.id
       RETURNING d.*
     )
     SELECT c.id::text AS id, c.user_id, c.event_id, c.event_type, c.order_id, c.body, c.status, c.attempts,
       c.next_attempt_at, c.last_status_code, c.last_error, c.created_at, c.delivered_at,
       e.url, e.enabled, e.secret_encrypted
     FROM claimed c LEFT JOIN webhook_endpoints e ON e.user_id = c.user_id`,
    [now, leaseUntil, limit],
  );
  return rows.map((row) => ({ ...row, secret_encrypted: toBuffer(row.secret_encrypted) }));
}

/**
 * Deletes up to `limit` settled deliveries (delivered or failed) recorded before `before`, and
 * their attempts with them. Answers how many it deleted. A pending delivery is never deleted.
 */
export async function deleteSettledDeliveries(tx: Queryable, before: Date, limit: number): Promise<number> {
  const rows = await tx.query<{ id: string }>(
    `DELETE FROM webhook_deliveries WHERE id IN (
       SELECT id FROM webhook_deliveries WHERE status <> 'pending' AND created_at < $1
       ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED
     ) RETURNING id::text AS id`,
    [before, limit],
  );
  return rows.length;
}

/** Records one attempt and its consequence for the delivery, if it is still pending. */
export async function recordAttempt(
  tx: Queryable,
  attempt: {
    deliveryId: string;
    attemptedAt: Date;
    durationMs: number;
    statusCode: number | null;
    error: string | null;
    /** What the delivery becomes: delivered, failed for good, or pending until `nextAttemptAt`. */
    status: DeliveryStatus;
    nextAttemptAt: Date | null;
    countAttempt: boolean;
  },
): Promise<WebhookDeliveryRow | undefined> {
  if (attempt.countAttempt) {
    await tx.query(
      `INSERT INTO webhook_attempts (delivery_id, attempted_at, duration_ms, status_code, error)
       VALUES ($1, $2, $3, $4, $5)`,
      [attempt.deliveryId, attempt.attemptedAt, attempt.durationMs, attempt.statusCode, attempt.error],
    );
  }
  const rows = await tx.query<WebhookDeliveryRow>(
    `UPDATE webhook_deliveries SET
       status = $2,
       attempts = attempts + $3,
       next_attempt_at = $4,
       last_status_code = $5,
       last_error = $6,
       delivered_at = CASE WHEN $2 = 'delivered' THEN $7::timestamptz ELSE delivered_at END
     WHERE id = $1 AND status = 'pending'
     RETURNING ${DELIVERY_COLUMNS}`,
    [
      attempt.deliveryId,
      attempt.status,
      attempt.countAttempt ? 1 : 0,
      attempt.nextAttemptAt,
      attempt.statusCode,
      attempt.error,
      attempt.attemptedAt,
    ],
  );
  return rows[0];
}

/** One page of the agent's deliveries, newest first, strictly before `beforeId`. */
export async function listDeliveriesOf(
  db: Queryable,
  userId: string,
  page: { beforeId?: string | undefined; limit: number },
): Promise<WebhookDeliveryRow[]> {
  const keyset = page.beforeId ? 'AND id < $3::bigint' : '';
  const params = page.beforeId ? [userId, page.limit, page.beforeId] : [userId, page.limit];
  return db.query<WebhookDeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE user_id = $1 ${keyset}
     ORDER BY webhook_deliveries.id DESC LIMIT $2`,
    params,
  );
}
