import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_SECRET_PATTERN } from '@agentdesk/contract/api/webhooks';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { creditWallet, expectLedgerHealthy } from '../../test/test-money.js';
import { operatorToken } from '../../test/test-operator.js';
import { SANDBOX_VALUES } from '../upstream/sandbox/sandbox-outcomes.js';
import type { WebhookDeliveryRow } from './webhooks.repo.js';
import { deliveryView, GIVE_UP_AFTER_MS, KEEP_DELIVERIES_MS } from './webhooks.service.js';

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
const WEBHOOK = '/api/v1/agent/api/webhook';

describe('signed webhooks', () => {
  let t: TestApp;
  let receiver: Receiver;
  let operator: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
    operator = await operatorToken(t);
    await t.request('POST', '/api/v1/admin/catalog/sync', { token: operator });
    receiver = await startReceiver();
  });
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  /** A funded agent whose webhook points at `url`; answers the secret shown once. */
  async function agentWithWebhook(url = receiver.url) {
    const agent = await registerAgent(t);
    await creditWallet(t.db, agent.user.id, 1_000_000n, { now: new Date(t.clock.now().getTime() - 1000) });
    const saved = await t.request('PUT', WEBHOOK, { token: agent.token, body: { url, enabled: true } });
    expect(saved.status).toBe(200);
    return { ...agent, secret: saved.body.data.secret as string };
  }

  async function buy(token: string, phone: string) {
    const requestId = randomUUID();
    const response = await t.request('POST', '/api/v1/agent/purchases', {
      token,
      body: { service: 'airtime', requestId, network: 'mtn', phone, amount: '100' },
    });
    expect(response.status).toBe(201);
    return { requestId, order: response.body.data };
  }

  async function deliveriesOf(token: string) {
    const response = await t.request('GET', `${WEBHOOK}/deliveries`, { token });
    expect(response.status).toBe(200);
    return response.body.data as Array<Record<string, unknown>>;
  }

  it('creates the signing secret with the first URL, shows it once, and keeps only its prefix on view', async () => {
    const agent = await registerAgent(t);
    const empty = await t.request('GET', WEBHOOK, { token: agent.token });
    expect(empty.body.data).toEqual({ url: null, enabled: false, secretPrefix: null, updatedAt: null });

    const first = await t.request('PUT', WEBHOOK, { token: agent.token, body: { url: receiver.url, enabled: false } });
    expect(first.status).toBe(200);
    const secret = first.body.data.secret as string;
    expect(secret).toMatch(WEBHOOK_SECRET_PATTERN);
    expect(first.body.data).toMatchObject({ url: receiver.url, enabled: false, secretPrefix: secret.slice(0, 12) });

    const again = await t.request('PUT', WEBHOOK, { token: agent.token, body: { url: receiver.url, enabled: true } });
    expect(again.body.data.secret).toBeUndefined();
    expect(again.body.data.secretPrefix).toBe(secret.slice(0, 12));
    const shown = await t.request('GET', WEBHOOK, { token: agent.token });
    expect(shown.body.data).toEqual({
      url: receiver.url,
      enabled: true,
      secretPrefix: secret.slice(0, 12),
      updatedAt: expect.any(String),
    });
    expect(JSON.stringify(shown.body)).not.toContain(secret);

    // Stored encrypted, never in the clear.
    const [row] = await t.db.query<{ secret_encrypted: Uint8Array }>(
      'SELECT secret_encrypted FROM webhook_endpoints WHERE user_id = $1',
      [agent.user.id],
    );
    expect(Buffer.from(row!.secret_encrypted).toString('latin1')).not.toContain(secret.slice(6));
  });

  it('POSTs a signed purchase.delivered with the order exactly as GET purchase answers it', async () => {
    const agent = await agentWithWebhook();
    const { requestId, order } = await buy(agent.token, SANDBOX_VALUES.success);
    expect(order.status).toBe('delivered');

    const before = receiver.received.length;
    expect(await t.app.webhooks.runDue()).toBeGreaterThanOrEqual(1);
    expect(receiver.received.length).toBe(before + 1);
    const hit = receiver.received.at(-1)!;
    const event = JSON.parse(hit.rawBody);
    const current = await t.request('GET', `/api/v1/agent/purchases/${requestId}`, { token: agent.token });
    expect(event).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'purchase.delivered',
      createdAt: expect.any(String),
      data: current.body.data,
    });
    expect(hit.headers['content-type']).toBe('application/json');
    expect(hit.headers['x-agentdesk-event-id']).toBe(event.id);
    const t0 = Math.floor(t.clock.now().getTime() / 1000);
    expect(hit.headers['x-agentdesk-signature']).toMatch(new RegExp(`^t=${t0},v1=[0-9a-f]{64}$`));
    expect(verifiesWith(agent.secret, hit)).toBe(true);
    // A tampered body, or another secret, does not verify.
    expect(verifiesWith(agent.secret, { ...hit, rawBody: hit.rawBody.replace('"100.00"', '"900.00"') })).toBe(false);
    expect(verifiesWith(`${agent.secret}x`, hit)).toBe(false);

    const [delivery] = await deliveriesOf(agent.token);
    expect(delivery).toMatchObject({
      eventId: event.id,
      eventType: 'purchase.delivered',
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
      nextAttemptAt: null,
      deliveredAt: expect.any(String),
    });
    // Sent once.
    await t.app.webhooks.runDue();
    expect(receiver.received.length).toBe(before + 1);
  });

  it('POSTs purchase.failed for a purchase that failed and was refunded', async () => {
    const agent = await agentWithWebhook();
    const { requestId, order } = await buy(agent.token, SANDBOX_VALUES.failure);
    expect(order.status).toBe('failed');
    expect(order.refundTransactionId).not.toBeNull();
    await t.app.webhooks.runDue();
    const hit = receiver.received.at(-1)!;
    const event = JSON.parse(hit.rawBody);
    expect(event.type).toBe('purchase.failed');
    expect(event.data).toMatchObject({ requestId, status: 'failed', refundTransactionId: order.refundTransactionId });
    expect(verifiesWith(agent.secret, hit)).toBe(true);
  });

  it('keeps the event in the outbox when the receiver is down, and sends it when it is back', async () => {
    const down = await startReceiver();
    const url = down.url;
    await down.close();
    const agent = await agentWithWebhook(url);
    const { requestId } = await buy(agent.token, SANDBOX_VALUES.success);
    // Recorded with the settlement, before any send.
    const rows = await t.db.query<{ status: string; attempts: number; event_type: string; body: string }>(
      `SELECT d.status, d.attempts, d.event_type, d.body FROM webhook_deliveries d
       JOIN orders o ON o.id = d.order_id WHERE o.request_id = $1`,
      [requestId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', attempts: 0, event_type: 'purchase.delivered' });
    expect(JSON.parse(rows[0]!.body).data.requestId).toBe(requestId);

    await t.app.webhooks.runDue();
    const [delivery] = await deliveriesOf(agent.token);
    expect(delivery).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: null,
      lastError: 'Connection refused',
    });
  });

  it('sends nothing for a pending order, then the event of whoever settles it: the requery worker, an operator', async () => {
    const agent = await agentWithWebhook();
    const pending = await buy(agent.token, SANDBOX_VALUES.pendingPhone);
    const stuck = await buy(agent.token, SANDBOX_VALUES.pendingPhone);
    expect([pending.order.status, stuck.order.status]).toEqual(['pending', 'pending']);
    expect(await deliveriesOf(agent.token)).toEqual([]);

    // An operator refunds one the upstream has no record of (by force: that answer is not
    // definitive): refunded, purchase.failed.
    const [row] = await t.db.query<{ id: string }>('SELECT id FROM orders WHERE request_id = $1', [stuck.requestId]);
    const { newRequestId } = await import('../upstream/vtpass/request-id.js');
    await t.db.query('UPDATE orders SET upstream_request_id = $2 WHERE id = $1', [
      row!.id,
      newRequestId(t.clock.now()),
    ]);
    const refunded = await t.request('POST', `/api/v1/admin/orders/${row!.id}/refund`, {
      token: operator,
      body: { reason: 'The upstream never received it', force: true },
    });
    expect(refunded.status).toBe(200);
    expect(refunded.body.data.outcome).toBe('refunded-by-force');
    // The worker requeries the other: delivered, purchase.delivered.
    t.clock.advance(60_000);
    await t.app.purchases.runDue();

    const events = (
      await t.db.query<{ event_type: string; body: string }>(
        'SELECT event_type, body FROM webhook_deliveries WHERE user_id = $1 ORDER BY id',
        [agent.user.id],
      )
    ).map((event) => [event.event_type, JSON.parse(event.body).data.requestId as string]);
    expect(events).toEqual([
      ['purchase.failed', stuck.requestId],
      ['purchase.delivered', pending.requestId],
    ]);
    // Settling again (a second requery, a late webhook hint) records nothing more.
    await t.app.purchases.runDue();
    expect(await t.db.query('SELECT 1 FROM webhook_deliveries WHERE user_id = $1', [agent.user.id])).toHaveLength(2);
    await t.app.webhooks.runDue();
    expect((await deliveriesOf(agent.token)).map((delivery) => delivery.status)).toEqual(['delivered', 'delivered']);
  });

  it('does not send an event recorded before the agent turned the webhook off', async () => {
    const agent = await agentWithWebhook();
    const before = receiver.received.length;
    await buy(agent.token, SANDBOX_VALUES.success);
    await t.request('PUT', WEBHOOK, { token: agent.token, body: { url: receiver.url, enabled: false } });
    await t.app.webhooks.runDue();
    expect(receiver.received.length).toBe(before);
    const [delivery] = await deliveriesOf(agent.token);
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: 0,
      lastError: 'Not sent: the webhook was turned off',
    });
  });

  it('records nothing for an agent whose webhook is off', async () => {
    const agent = await agentWithWebhook();
    await t.request('PUT', WEBHOOK, { token: agent.token, body: { url: receiver.url, enabled: false } });
    await buy(agent.token, SANDBOX_VALUES.success);
    expect(await deliveriesOf(agent.token)).toEqual([]);
  });

  it('retries after the receiver fails, with growing waits, until it answers 2xx', async () => {
    const agent = await agentWithWebhook();
    receiver.answer(500);
    try {
      await buy(agent.token, SANDBOX_VALUES.success);
      const waits: number[] = [];
      for (let attempt = 1; attempt <= 3; attempt++) {
        await t.app.webhooks.runDue();
        const [delivery] = await deliveriesOf(agent.token);
        expect(delivery).toMatchObject({
          status: 'pending',
          attempts: attempt,
          lastStatusCode: 500,
          lastError: 'HTTP 500',
        });
        const wait = new Date(delivery!.nextAttemptAt as string).getTime() - t.clock.now().getTime();
        waits.push(wait);
        // Not before it is due.
        t.clock.advance(wait - 1000);
        await t.app.webhooks.runDue();
        expect((await deliveriesOf(agent.token))[0]!.attempts).toBe(attempt);
        t.clock.advance(1000);
      }
      // 30 s, 1 min, 2 min, each within ±10 %.
      expect(waits[0]).toBeGreaterThanOrEqual(27_000);
      expect(waits[0]).toBeLessThanOrEqual(33_000);
      expect(waits[1]).toBeGreaterThanOrEqual(54_000);
      expect(waits[1]).toBeLessThanOrEqual(66_000);
      expect(waits[2]).toBeGreaterThanOrEqual(108_000);
      expect(waits[2]).toBeLessThanOrEqual(132_000);

      receiver.answer(200);
      const before = receiver.received.length;
      await t.app.webhooks.runDue();
      const [delivered] = await deliveriesOf(agent.token);
      expect(delivered).toMatchObject({ status: 'delivered', attempts: 4, lastStatusCode: 200, nextAttemptAt: null });
      // Every attempt sent the same bytes, each signed at its own time.
      const sent = receiver.received.slice(before - 3);
      expect(new Set(sent.map((hit) => hit.rawBody)).size).toBe(1);
      expect(new Set(sent.map((hit) => hit.headers['x-agentdesk-signature'])).size).toBe(4);
      expect(sent.every((hit) => verifiesWith(agent.secret, hit))).toBe(true);

      const attempts = await t.db.query<{ status_code: number }>(
        `SELECT a.status_code FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
         WHERE d.user_id = $1 ORDER BY a.id`,
        [agent.user.id],
      );
      expect(attempts.map((row) => row.status_code)).toEqual([500, 500, 500, 200]);
    } finally {
      receiver.answer(200);
    }
  });

  it('sends a test event at once and answers the delivery, even while the webhook is off', async () => {
    const agent = await agentWithWebhook();
    await t.request('PUT', WEBHOOK, { token: agent.token, body: { url: receiver.url, enabled: false } });
    const response = await t.request('POST', `${WEBHOOK}/test`, { token: agent.token });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      eventType: 'test',
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
    });
    const hit = receiver.received.at(-1)!;
    const event = JSON.parse(hit.rawBody);
    expect(event).toMatchObject({ id: response.body.data.eventId, type: 'test', data: { status: 'delivered' } });
    expect(verifiesWith(agent.secret, hit)).toBe(true);

    // A failing receiver: one attempt, failed, with its status (tests are not retried).
    receiver.answer(503);
    try {
      const failed = await t.request('POST', `${WEBHOOK}/test`, { token: agent.token });
      expect(failed.body.data).toMatchObject({
        status: 'failed',
        attempts: 1,
        lastStatusCode: 503,
        nextAttemptAt: null,
      });
      expect(failed.body.message).toContain('HTTP 503');
    } finally {
      receiver.answer(200);
    }

    // Without a URL there is nothing to send to.
    const bare = await registerAgent(t);
    const refused = await t.request('POST', `${WEBHOOK}/test`, { token: bare.token });
    expect(refused.status).toBe(409);
    expect(refused.body.errors?.[0]?.path).toBe('url');
  });

  it('rotates the secret: the new one is shown once and signs from now on; the old one no longer verifies', async () => {
    const agent = await agentWithWebhook();
    const rotated = await t.request('POST', `${WEBHOOK}/rotate-secret`, { token: agent.token });
    expect(rotated.status).toBe(200);
    const secret = rotated.body.data.secret as string;
    expect(secret).toMatch(WEBHOOK_SECRET_PATTERN);
    expect(secret).not.toBe(agent.secret);
    expect(rotated.body.data).toEqual({ secret });
    expect((await t.request('GET', WEBHOOK, { token: agent.token })).body.data.secretPrefix).toBe(secret.slice(0, 12));

    await t.request('POST', `${WEBHOOK}/test`, { token: agent.token });
    const hit = receiver.received.at(-1)!;
    expect(verifiesWith(secret, hit)).toBe(true);
    expect(verifiesWith(agent.secret, hit)).toBe(false);
  });

  it('refuses bad URLs with a 422 naming url', async () => {
    const agent = await registerAgent(t);
    for (const url of [
      'not a url',
      'ftp://example.com/hook',
      'https://user:pass@example.com/hook',
      `https://example.com/${'a'.repeat(2048)}`,
      '',
    ]) {
      const response = await t.request('PUT', WEBHOOK, { token: agent.token, body: { url, enabled: true } });
      expect(response.status, url).toBe(422);
      expect(response.body.errors?.[0]?.path).toBe('url');
    }
    const noUrl = await t.request('PUT', WEBHOOK, { token: agent.token, body: { url: null, enabled: true } });
    expect(noUrl.status).toBe(422);
    expect(noUrl.body.errors?.[0]?.path).toBe('url');
    const extra = await t.request('PUT', WEBHOOK, { token: agent.token, body: { url: receiver.url, enabled: 'yes' } });
    expect(extra.status).toBe(422);
    expect(extra.body.errors?.[0]?.path).toBe('enabled');
  });

  it('shows each agent only their own deliveries, page by page', async () => {
    const agent = await agentWithWebhook();
    await t.request('POST', `${WEBHOOK}/test`, { token: agent.token });
    await t.request('POST', `${WEBHOOK}/test`, { token: agent.token });
    await t.request('POST', `${WEBHOOK}/test`, { token: agent.token });

    const first = await t.request('GET', `${WEBHOOK}/deliveries?limit=2`, { token: agent.token });
    expect(first.body.data).toHaveLength(2);
    expect(first.body.meta?.nextCursor).toEqual(expect.any(String));
    const second = await t.request('GET', `${WEBHOOK}/deliveries?limit=2&cursor=${first.body.meta!.nextCursor}`, {
      token: agent.token,
    });
    expect(second.body.data).toHaveLength(1);
    expect(second.body.meta?.nextCursor).toBeNull();
    const ids = [...first.body.data, ...second.body.data].map((row: { id: string }) => Number(row.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const bad = await t.request('GET', `${WEBHOOK}/deliveries?cursor=nonsense`, { token: agent.token });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.[0]?.path).toBe('cursor');

    const other = await registerAgent(t);
    expect(await deliveriesOf(other.token)).toEqual([]);
    expect((await t.request('GET', WEBHOOK, { token: other.token })).body.data.url).toBeNull();
    expect((await t.request('GET', `${WEBHOOK}/deliveries`)).status).toBe(401);
  });

  it('verifies a real delivery with the documented sample verifiers', async () => {
    const agent = await agentWithWebhook();
    await t.request('POST', `${WEBHOOK}/test`, { token: agent.token });
    const hit = receiver.received.at(-1)!;
    const header = String(hit.headers['x-agentdesk-signature']);
    const t0 = Number(/t=(\d+)/.exec(header)![1]);
    const { verifyWebhook, runSample } = await loadSamples();
    expect(verifyWebhook(hit.rawBody, header, agent.secret, t0 + 10)).toBe(true);
    expect(verifyWebhook(hit.rawBody.replace('test', 'tset'), header, agent.secret, t0 + 10)).toBe(false);
    expect(verifyWebhook(hit.rawBody, header, agent.secret, t0 + 301)).toBe(false);
    // The same three cases through the Python and PHP samples (.ci/run installs php-cli).
    for (const [interpreter, file] of [
      ['python3', 'verify-webhook.py'],
      ['php', 'verify-webhook.php'],
    ] as const) {
      const run = (rawBody: string, now: number) =>
        runSample(interpreter, file, { rawBody, header, secret: agent.secret, now });
      const genuine = run(hit.rawBody, t0 + 10);
      if (genuine === undefined) {
        console.warn(`${interpreter} is missing: ${file} was not run against a real delivery`);
        continue;
      }
      expect(genuine, file).toBe('true');
      expect(run(hit.rawBody.replace('test', 'tset'), t0 + 10), file).toBe('false');
      expect(run(hit.rawBody, t0 + 301), file).toBe('false');
    }
  });

  // Last: it moves the clock a day on.
  it('gives up 24 hours after the event and marks it failed', async () => {
    const down = await startReceiver();
    const url = down.url;
    await down.close();
    const agent = await agentWithWebhook(url);
    await buy(agent.token, SANDBOX_VALUES.success);
    const created = t.clock.now().getTime();
    // Straight from the table: a day on, the agent's session has long expired.
    const [{ id }] = (await deliveriesOf(agent.token)) as [{ id: string }];
    const read = async () =>
      deliveryView(
        (
          await t.db.query<WebhookDeliveryRow>(
            `SELECT id::text AS id, user_id, event_id, event_type, order_id, body, status, attempts, next_attempt_at,
             last_status_code, last_error, created_at, delivered_at FROM webhook_deliveries WHERE id = $1`,
            [id],
          )
        )[0]!,
      );
    let rounds = 0;
    for (;;) {
      await t.app.webhooks.runDue();
      const delivery = await read();
      if (delivery.status === 'failed') {
        expect(t.clock.now().getTime() - created).toBeGreaterThanOrEqual(GIVE_UP_AFTER_MS);
        expect(delivery).toMatchObject({ nextAttemptAt: null, lastError: 'Connection refused', deliveredAt: null });
        expect(delivery.attempts).toBe(rounds + 1);
        break;
      }
      expect(delivery.status).toBe('pending');
      // Never scheduled past the 24-hour mark.
      expect(new Date(delivery.nextAttemptAt as string).getTime()).toBeLessThanOrEqual(created + GIVE_UP_AFTER_MS);
      t.clock.advance(new Date(delivery.nextAttemptAt as string).getTime() - t.clock.now().getTime());
      rounds++;
      expect(rounds).toBeLessThan(40);
    }
    // 30 s doubling to 1 h, then hourly: some 30 attempts in a day.
    expect(rounds).toBeGreaterThan(20);
    await t.app.webhooks.runDue();
    expect((await read()).attempts).toBe(rounds + 1);
  });

  // After the one above: it moves the clock 30 days on.
  it('deletes settled deliveries and their attempts after 30 days, never a pending one', async () => {
    const deliveries = (userId: string) =>
      t.db.query<{ id: string; status: string }>(
        'SELECT id::text AS id, status FROM webhook_deliveries WHERE user_id = $1 ORDER BY id',
        [userId],
      );
    const ok = await agentWithWebhook();
    const down = await startReceiver();
    await down.close();
    const failing = await agentWithWebhook(down.url);
    await buy(ok.token, SANDBOX_VALUES.success);
    await buy(failing.token, SANDBOX_VALUES.success);
    await t.app.webhooks.runDue();
    const [old] = await deliveries(ok.user.id);
    expect(old!.status).toBe('delivered');
    expect((await deliveries(failing.user.id)).map((row) => row.status)).toEqual(['pending']);

    // A minute short of 30 days, it stays (older ones of other tests may go).
    t.clock.advance(KEEP_DELIVERIES_MS - 60_000);
    await t.app.webhooks.pruneSettled();
    expect(await deliveries(ok.user.id)).toEqual([old]);
    t.clock.advance(120_000);
    const recent = await agentWithWebhook();
    await buy(recent.token, SANDBOX_VALUES.success);
    await t.app.webhooks.pruneSettled(); // every other test's settled deliveries are as old
    expect(await deliveries(ok.user.id)).toEqual([]);
    const attempts = await t.db.query('SELECT 1 FROM webhook_attempts WHERE delivery_id = $1', [old!.id]);
    expect(attempts).toEqual([]);
    // A delivery still being retried stays, whatever its age; so does a recent one.
    expect((await deliveries(failing.user.id)).map((row) => row.status)).toEqual(['pending']);
    expect((await deliveries(recent.user.id)).map((row) => row.status)).toEqual(['pending']);
    expect(await t.app.webhooks.pruneSettled()).toBe(0);
  });
});

describe('webhook URLs in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A real upstream (unreachable, unused) turns the sandbox off: production rules apply.
    t = await startTestApp({ env: { UPSTREAM_BASE_URL: 'https://upstream.invalid/api/', NODE_ENV: 'production' } });
  });
  afterAll(() => t.close());

  it('requires https and refuses private and local addresses', async () => {
    const agent = await registerAgent(t);
    const http = await t.request('PUT', WEBHOOK, {
      token: agent.token,
      body: { url: 'http://example.com/hook', enabled: true },
    });
    expect(http.status).toBe(422);
    expect(http.body.errors).toEqual([{ path: 'url', message: expect.stringContaining('Webhook URL must use https') }]);
    for (const url of [
      'https://127.0.0.1/hook',
      'https://localhost:8443/hook',
      'https://10.1.2.3/hook',
      'https://192.168.0.10/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
    ]) {
      const response = await t.request('PUT', WEBHOOK, { token: agent.token, body: { url, enabled: true } });
      expect(response.status, url).toBe(422);
      expect(response.body.errors?.[0]?.path).toBe('url');
    }
    expect((await t.request('GET', WEBHOOK, { token: agent.token })).body.data.url).toBeNull();
  });
});

/** The documentation's sample verifiers, as shipped. */
async function loadSamples() {
  const { fileURLToPath, pathToFileURL } = await import('node:url');
  const { execFileSync } = await import('node:child_process');
  const dir = fileURLToPath(new URL('../../../../web/src/features/documentation/samples/', import.meta.url));
  const sample = (await import(/* @vite-ignore */ pathToFileURL(`${dir}verify-webhook.js`).href)) as {
    verifyWebhook: (rawBody: string, header: string, secret: string, nowSeconds?: number) => boolean;
  };
  /** Runs a sample's command-line mode (JSON on stdin); undefined when the interpreter is missing. */
  const runSample = (interpreter: string, file: string, input: object): string | undefined => {
    try {
      execFileSync(interpreter, ['--version'], { stdio: 'ignore' });
    } catch {
      return undefined;
    }
    return execFileSync(interpreter, [`${dir}${file}`], { input: JSON.stringify(input) })
      .toString()
      .trim();
  };
  return { verifyWebhook: sample.verifyWebhook, runSample };
}

interface Received {
  headers: IncomingHttpHeaders;
  rawBody: string;
}

/**
 * A real HTTP receiver on 127.0.0.1 for the tests: records every request as it arrived (raw
 * body included) and answers the status the test sets.
 */
async function startReceiver() {
  const received: Received[] = [];
  let status = 200;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, rawBody: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'nope');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks/agentdesk`,
    received,
    answer(code: number) {
      status = code;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The receiver's own check, written from the documented rule: HMAC-SHA256(secret, "<t>.<raw body>") in hex. */
function verifiesWith(secret: string, received: Pick<Received, 'headers' | 'rawBody'>): boolean {
  const header = String(received.headers['x-agentdesk-signature'] ?? '');
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${received.rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'));
}
