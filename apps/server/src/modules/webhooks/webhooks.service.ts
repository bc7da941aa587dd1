import { performance } from 'node:perf_hooks';
import {
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  type TSavedWebhookSettings,
  type TWebhookDelivery,
  type TWebhookSecret,
  type TWebhookSettings,
} from '@agentdesk/contract/api/webhooks';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { ServerSecret } from '../../lib/server-secret.js';
import { eventBody, newEventId, sampleOrder } from './webhook-events.js';
import { postWebhook, type SendResult } from './webhook-sender.js';
import { decryptSecret, encryptSecret } from '../../lib/sealed-secret.js';
import { newWebhookSecret, signatureHeader } from './webhook-signer.js';
import {
  claimDueDeliveries,
  deleteSettledDeliveries,
  findEndpoint,
  insertTestDelivery,
  listDeliveriesOf,
  lockEndpoint,
  recordAttempt,
  replaceSecret,
  upsertEndpoint,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from './webhooks.repo.js';
import { privateHostReason } from './url-guard.js';

/** The encryption key's purpose: derived from SECRET_KEY for webhook secrets alone. */
const SECRET_PURPOSE = 'webhook-secrets';
/** One attempt waits this long for the receiver's answer. */
export const SEND_TIMEOUT_MS = 10_000;
/** A claimed delivery is left alone this long (more than a send can take) before another worker may retry it. */
const LEASE_MS = 60_000;
/** Retries stop this long after the event was recorded. */
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;
/** Settled deliveries (and their attempts) are kept this long after they were recorded. */
export const KEEP_DELIVERIES_MS = 30 * 24 * 3_600_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 3_600_000;

/**
 * How long to wait after the n-th failed attempt: 30 s, 1 min, 2 min, 4 min... doubling up to
 * 1 h, each within ±10 % so that receivers coming back from an outage are not hit all at once.
 */
export function retryDelayMs(failedAttempts: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1));
  return Math.min(MAX_RETRY_MS, Math.round(base * (0.9 + random() * 0.2)));
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

function settingsView(row: WebhookEndpointRow | undefined): TWebhookSettings {
  return {
    url: row?.url ?? null,
    enabled: row?.enabled ?? false,
    secretPrefix: row?.secret_prefix ?? null,
    updatedAt: iso(row?.updated_at ?? null),
  };
}

export function deliveryView(row: WebhookDeliveryRow): TWebhookDelivery {
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    createdAt: iso(row.created_at)!,
    deliveredAt: iso(row.delivered_at),
  };
}

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', `${path}: ${message}`, [{ path, message }]);

function decodeCursor(cursor: string): string {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const match = /^d:(\d{1,18})$/.exec(text);
  if (!match) throw invalid('cursor', 'This cursor is not valid; start again from the first page');
  return match[1]!;
}
const encodeCursor = (id: string) => Buffer.from(`d:${id}`, 'utf8').toString('base64url');

export function createWebhooksService(deps: {
  db: Database;
  clock: Clock;
  log: Logger;
  serverSecret: ServerSecret;
  policy: { allowHttp: boolean; allowPrivate: boolean };
  /** Tests shorten it. */
  sendTimeoutMs?: number;
}) {
  const { db, clock, log, serverSecret, policy } = deps;
  const timeoutMs = deps.sendTimeoutMs ?? SEND_TIMEOUT_MS;
  const key = () => serverSecret.keyFor(SECRET_PURPOSE);

  /** The rules that depend on how the server runs; the contract has checked the URL's form. */
  async function checkUrl(url: string): Promise<void> {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && !policy.allowHttp) {
      throw invalid('url', 'Webhook URL must use https (plain http is accepted only in development and the sandbox)');
    }
    if (!policy.allowPrivate) {
      const reason = await privateHostReason(parsed.hostname);
      if (reason) throw invalid('url', `Webhook URL must be reachable on the internet: ${reason}`);
    }
  }

  function sealNewSecret(userId: string) {
    const { secret, prefix } = newWebhookSecret();
    return { secret, sealed: { encrypted: encryptSecret(key(), userId, secret), prefix } };
  }

  /** Sends one delivery now and records the attempt; the delivery as it then stands. */
  async function attempt(
    delivery: WebhookDeliveryRow,
    endpoint: { url: string | null; enabled: boolean | null; secret_encrypted: Buffer | null },
    options: { retry: boolean },
  ): Promise<WebhookDeliveryRow> {
    const attemptedAt = clock.now();
    const record = (result: SendResult, countAttempt: boolean) => {
      const delivered = result.error === null;
      const failures = delivery.attempts + 1;
      const deadline = new Date(delivery.created_at).getTime() + GIVE_UP_AFTER_MS;
      const retryAt = Math.min(attemptedAt.getTime() + retryDelayMs(failures), deadline);
      const giveUp = !options.retry || !countAttempt || attemptedAt.getTime() >= deadline;
      const status = delivered ? 'delivered' : giveUp ? 'failed' : 'pending';
      return db.transaction((tx) =>
        recordAttempt(tx, {
          deliveryId: delivery.id,
          attemptedAt,
          durationMs: result.durationMs,
          statusCode: result.statusCode,
          error: result.error,
          status,
          nextAttemptAt: status === 'pending' ? new Date(retryAt) : null,
          countAttempt,
        }),
      );
    };

    // Turned off or emptied since the event was recorded: it is not sent, and says why.
    if (!endpoint.url || !endpoint.enabled || !endpoint.secret_encrypted) {
      const stopped = !endpoint.url || !endpoint.enabled;
      const error = stopped ? 'Not sent: the webhook was turned off' : 'Not sent: no signing secret';
      return (await record({ statusCode: null, error, durationMs: 0 }, false)) ?? delivery;
    }
    let secret: string;
    try {
      secret = decryptSecret(key(), delivery.user_id, endpoint.secret_encrypted);
    } catch {
      log.error({ deliveryId: delivery.id }, 'a webhook secret does not decrypt: was SECRET_KEY changed?');
      const error = 'Not sent: the signing secret could not be read; rotate it';
      return (await record({ statusCode: null, error, durationMs: 0 }, false)) ?? delivery;
    }
    // Signed now, with the time of this send: a receiver's 5-minute window counts from here.
    const t = Math.floor(attemptedAt.getTime() / 1000);
    const result = await postWebhook({
      url: endpoint.url,
      body: delivery.body,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'AgentDesk-Webhooks/1.0',
        [WEBHOOK_EVENT_ID_HEADER.toLowerCase()]: delivery.event_id,
        [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: signatureHeader(secret, delivery.body, t),
      },
      timeoutMs,
      allowPrivate: policy.allowPrivate,
      now: () => performance.now(),
    });
    // The id, type and outcome only: never the secret, the body (tokens, PINs) or the URL (it may carry a token).
    log.info(
      { deliveryId: delivery.id, eventType: delivery.event_type, statusCode: result.statusCode, error: result.error },
      'webhook attempt',
    );
    return (await record(result, true)) ?? delivery;
  }

  return {
    async get(userId: string): Promise<TWebhookSettings> {
      return settingsView(await findEndpoint(db, userId));
    },

    /** Saves the URL and switch; the first save with a URL creates the signing secret and answers it, once. */
    async save(userId: string, body: { url: string | null; enabled: boolean }): Promise<TSavedWebhookSettings> {
      if (body.url !== null) await checkUrl(body.url);
      return db.transaction(async (tx) => {
        const current = await lockEndpoint(tx, userId);
        const fresh = body.url !== null && !current?.secret_encrypted ? sealNewSecret(userId) : undefined;
        const row = await upsertEndpoint(tx, {
          userId,
          url: body.url,
          enabled: body.enabled,
          secret: fresh?.sealed ?? null,
          now: clock.now(),
        });
        return { ...settingsView(row), ...(fresh ? { secret: fresh.secret } : {}) };
      });
    },

    /** A new secret at once: the old one stops verifying, and retries still pending are signed with the new one. */
    async rotate(userId: string): Promise<TWebhookSecret> {
      const fresh = sealNewSecret(userId);
      await db.transaction(async (tx) => {
        await lockEndpoint(tx, userId);
        await replaceSecret(tx, userId, fresh.sealed, clock.now());
      });
      return { secret: fresh.secret };
    },

    /** A `test` event sent now, once (no retries): the delivery tells how the receiver answered. */
    async sendTest(userId: string): Promise<TWebhookDelivery> {
      const endpoint = await findEndpoint(db, userId);
      if (!endpoint?.url) throw AppError.conflict('url', 'Set a webhook URL before sending a test event');
      await checkUrl(endpoint.url);
      const now = clock.now();
      const id = newEventId();
      const row = await db.transaction((tx) =>
        insertTestDelivery(tx, {
          userId,
          eventId: id,
          body: eventBody({ id, type: 'test', createdAt: now, data: sampleOrder(now) }),
          now,
          leaseUntil: new Date(now.getTime() + LEASE_MS),
        }),
      );
      // A test goes out even while the webhook is off: that is how an agent checks a receiver before turning it on.
      return deliveryView(await attempt(row, { ...endpoint, enabled: true }, { retry: false }));
    },

    /** A page of the agent's own deliveries, newest first; `nextCursor` is null on the last page. */
    async list(userId: string, page: { cursor?: string | undefined; limit: number }) {
      const beforeId = page.cursor ? decodeCursor(page.cursor) : undefined;
      const rows = await listDeliveriesOf(db, userId, { beforeId, limit: page.limit + 1 });
      const shown = rows.slice(0, page.limit);
      const last = shown[shown.length - 1];
      return {
        items: shown.map(deliveryView),
        nextCursor: rows.length > page.limit && last ? encodeCursor(last.id) : null,
      };
    },

    /** Deletes up to `limit` settled deliveries older than KEEP_DELIVERIES_MS; answers how many. */
    async pruneSettled(limit = 500): Promise<number> {
      return deleteSettledDeliveries(db, new Date(clock.now().getTime() - KEEP_DELIVERIES_MS), limit);
    },

    /** One round of the worker: sends every due delivery it claims, at once, and records each outcome. */
    async runDue(limit = 20): Promise<number> {
      const now = clock.now();
      const claimed = await db.transaction((tx) =>
        claimDueDeliveries(tx, now, new Date(now.getTime() + LEASE_MS), limit),
      );
      await Promise.all(
        claimed.map(async (delivery) => {
          try {
            // A test event's send died with its process: one more try, never a schedule of retries.
            await attempt(delivery, delivery, { retry: delivery.event_type !== 'test' });
          } catch (error) {
            log.error(
              { err: error, deliveryId: delivery.id },
              'a webhook delivery failed to run; it will be tried again',
            );
          }
        }),
      );
      return claimed.length;
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
