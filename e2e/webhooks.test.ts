import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { verifyWebhook } from '../apps/web/src/features/documentation/samples/verify-webhook.js';
import { AGENT_PIN, registerAgent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, launchChromium, openPage, PHONE } from './support/chromium';
import { addFundingAccount, agentToken, fundAgent, signInOperator } from './support/operator';
import { startServer, type RunningServer } from './support/server';
import { signIn, storedSession } from './support/ui';

interface Received {
  headers: IncomingHttpHeaders;
  rawBody: string;
}

/** The agent's own server: a real HTTP receiver on 127.0.0.1 that keeps what it was sent. */
async function startReceiver() {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, rawBody: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/agentdesk/webhook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The documented rule, checked by hand: HMAC-SHA256(secret, "<t>.<raw body>") in hex. */
function signedBy(secret: string, hit: Received): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(hit.headers['x-agentdesk-signature']));
  return match !== null && createHmac('sha256', secret).update(`${match[1]}.${hit.rawBody}`).digest('hex') === match[2];
}

/** Credits the agent through the operator API, on whichever provider account the server lists (adding one if none). */
async function fund(baseUrl: string, username: string, password: string, amount: string) {
  const operator = await signInOperator(baseUrl);
  const token = await agentToken(baseUrl, username, password);
  const listed = await fetch(`${baseUrl}/api/v1/agent/manual-funding`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const accounts = ((await listed.json()) as { data: { accounts: { id: string }[] } }).data.accounts;
  const accountId = accounts[0]?.id ?? (await addFundingAccount(operator)).id;
  await fundAgent(baseUrl, operator, token, accountId, amount, `WH-${username.slice(-10)}`);
}

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!browserAvailable)('webhooks in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    // The built-in sandbox is on, so a plain-http receiver on 127.0.0.1 is allowed.
    server = await startServer();
    browser = await launchChromium();
    receiver = await startReceiver();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await receiver?.close();
  });

  it('sets a URL, shows the secret once, sends a signed test event and a purchase, and rotates the secret', async () => {
    const agent = await registerAgent(server.url);
    await fund(server.url, agent.username, agent.password, '1000');
    const { context, page, errors } = await openPage(browser, server.url, PHONE);
    await signIn(page, agent.username, agent.password);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/developer/webhooks');
    await page.getByRole('heading', { name: 'No deliveries yet' }).waitFor();
    expect(await page.getByRole('button', { name: 'Send test event' }).isDisabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A bad URL is refused under the field, before anything is sent.
    const url = page.getByRole('textbox', { name: 'Webhook URL' });
    await url.fill('shop.example.com/hook');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(/Enter a full URL starting with https:\/\//).waitFor();

    await url.fill(receiver.url);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Your signing secret' });
    await dialog.getByText(/You will not see it again/).waitFor();
    const secret = (await dialog.getByTestId('webhook-secret').textContent())!;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByTestId('secret-prefix')
      .getByText(`${secret.slice(0, 12)}…`)
      .waitFor();
    expect(await page.content()).not.toContain(secret);

    // The test event, from the keyboard.
    await page.getByRole('button', { name: 'Send test event' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Test event delivered: your receiver answered HTTP 200.').waitFor();
    const log = page.getByRole('table', { name: 'Webhook deliveries' });
    const testRow = log.getByTestId('delivery-row').filter({ hasText: 'Test event' });
    await testRow.getByText('Delivered', { exact: true }).waitFor();
    await testRow.getByRole('cell', { name: '200', exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const test = receiver.received.at(-1)!;
    const testEvent = JSON.parse(test.rawBody) as { id: string; type: string };
    expect(testEvent.type).toBe('test');
    expect(test.headers['x-agentdesk-event-id']).toBe(testEvent.id);
    expect(signedBy(secret, test)).toBe(true);
    // The documentation's sample verifier accepts it as shipped, and refuses a changed body.
    expect(verifyWebhook(test.rawBody, String(test.headers['x-agentdesk-signature']), secret)).toBe(true);
    expect(verifyWebhook(`${test.rawBody} `, String(test.headers['x-agentdesk-signature']), secret)).toBe(false);

    // A purchase by API: its settlement is sent by the background worker, signed the same way.
    const session = (await storedSession(page))!;
    const requestId = randomUUID();
    const bought = await fetch(`${server.url}/api/v1/agent/purchases`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
      body: JSON.stringify({
        service: 'airtime',
        requestId,
        network: 'mtn',
        phone: '08011111111',
        amount: '100',
        pin: AGENT_PIN,
      }),
    });
    expect(bought.status).toBe(201);
    const purchase = await until('the purchase.delivered event', () =>
      receiver.received.find((hit) => hit.rawBody.includes(requestId)),
    );
    const event = JSON.parse(purchase.rawBody) as { type: string; data: { requestId: string; status: string } };
    expect(event.type).toBe('purchase.delivered');
    expect(event.data).toMatchObject({ requestId, status: 'delivered' });
    expect(verifyWebhook(purchase.rawBody, String(purchase.headers['x-agentdesk-signature']), secret)).toBe(true);
    await page.reload();
    await log
      .getByTestId('delivery-row')
      .filter({ hasText: 'Purchase delivered' })
      .getByText('Delivered', { exact: true })
      .waitFor();

    // A 360 px phone: nothing runs off the side (the log scrolls inside its own region).
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Rotation, confirmed: the new secret signs, the old one no longer verifies.
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const confirm = page.getByRole('dialog', { name: 'Rotate signing secret?' });
    await confirm.getByRole('button', { name: 'Rotate', exact: true }).click();
    const rotated = page.getByRole('dialog', { name: 'Your new signing secret' });
    const newSecret = (await rotated.getByTestId('webhook-secret').textContent())!;
    expect(newSecret).not.toBe(secret);
    await rotated.getByRole('button', { name: 'Done' }).click();
    await rotated.waitFor({ state: 'detached' });
    const before = receiver.received.length;
    await page.getByRole('button', { name: 'Send test event' }).click();
    await until('the second test event', () => (receiver.received.length > before ? true : undefined));
    const again = receiver.received.at(-1)!;
    expect(signedBy(newSecret, again)).toBe(true);
    expect(signedBy(secret, again)).toBe(false);

    expect(errors).toEqual([]);
    await context.close();
  });
});
