// The operator console's screenshots in README.md (docs/screenshots/console-*.png).
//
// `npm run screenshots` builds, then runs this: it starts the built server on a free port with
// a fresh embedded database (its first start seeds the demo operator and the demo agent with a
// few weeks of trade), sets up a little more through the APIs as people would (agents an owner
// created, transfers reported and one approved, a wallet credit, an order the upstream left
// pending), signs in to the console as the demo operator in Debian's Chromium (or
// CHROMIUM_PATH) and saves one viewport-sized PNG per screen. Nothing here is a test.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SERVER_MAIN = join(ROOT, 'apps/server/dist/main.js');
const WEB_INDEX = join(ROOT, 'apps/web/dist/index.html');
const OUT_DIR = join(ROOT, 'docs/screenshots');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** What main.ts prints once its first-start work (catalogue, demo accounts and history) is done. */
const STARTED_BANNER = ' is running at ';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };
const OPERATOR = { username: 'operator', password: 'Operator#2026' };
const DEMO_AGENT = { username: 'demo', password: 'DemoAgent#2026' };
/** The built-in sandbox's documented phone that leaves a payment pending until a requery. */
const PENDING_PHONE = '08012010000';
/** A real 1×1 PNG: the server checks a transfer's proof by its content. */
const PROOF_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

function lagosToday() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The built server on a free port and an empty DATA_DIR, once its first start is done. */
async function startServer() {
  for (const file of [SERVER_MAIN, WEB_INDEX]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run "npm run build" first`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'agentdesk-screenshots-'));
  let log = '';
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SUPPORT_WHATSAPP: '2348012345678',
      AUTH_IP_LIMIT_PER_MINUTE: '1000',
      // The pending order stays pending for its screenshot: no background requery.
      REQUERY_INTERVAL_MS: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (log += chunk.toString()));
  child.stderr.on('data', (chunk) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 180_000;
  let healthy = false;
  while (!(healthy && log.includes(STARTED_BANNER))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not start (exit ${child.exitCode}):\n${log.slice(-4000)}`);
    }
    if (!healthy)
      healthy = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, stop };
}

/** A JSON call that throws with the server's message unless it answers 2xx. */
async function call(url, method, path, { token, json } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${url}${path}`, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${body.message}`);
  return body.data;
}

const AGENT_PIN = '2468';

async function signIn(url, side, identifier, password) {
  const data = await call(url, 'POST', `/api/v1/${side}/auth/login`, { json: { identifier, password } });
  return data.authorization.token;
}

/** What an owner, two agents and the demo agent would have done this morning. Answers what the screens show. */
async function setUpData(url) {
  const operator = await signIn(url, 'admin', OPERATOR.username, OPERATOR.password);
  const demo = await signIn(url, 'agent', DEMO_AGENT.username, DEMO_AGENT.password);
  const [account] = (await call(url, 'GET', '/api/v1/agent/manual-funding', { token: demo })).accounts;
  if (!account) throw new Error('the demo seed made no funding account');

  const agents = {};
  for (const [firstName, lastName, username, phone] of [
    ['Chinedu', 'Okeke', 'chinedu_okeke', '08034567812'],
    ['Fatima', 'Bello', 'fatima_bello', '08065432190'],
  ]) {
    const password = 'Screens#2026pass';
    await call(url, 'POST', '/api/v1/admin/agents', {
      token: operator,
      json: { firstName, lastName, username, email: `${username.replace('_', '.')}@example.ng`, phone, password },
    });
    const token = await signIn(url, 'agent', username, password);
    // Every dashboard purchase takes the agent's transaction PIN (docs/decisions/043).
    await call(url, 'POST', '/api/v1/agent/auth/pin', { token, json: { pin: AGENT_PIN } });
    agents[username] = { token, name: `${firstName} ${lastName}` };
  }

  const report = (token, name, amount, reference, proof = false) =>
    call(url, 'POST', '/api/v1/agent/funding-requests', {
      token,
      json: {
        accountId: account.id,
        amount,
        senderName: name,
        reference,
        transferDate: lagosToday(),
        ...(proof ? { proof: { fileName: 'transfer-receipt.png', contentBase64: PROOF_PNG } } : {}),
      },
    });
  const buy = (token, order) =>
    call(url, 'POST', '/api/v1/agent/purchases', {
      token,
      json: { requestId: randomUUID(), pin: AGENT_PIN, ...order },
    });

  // Chinedu's transfer is approved and he sells; Fatima's and the demo agent's wait in the queue.
  const chinedu = agents.chinedu_okeke;
  const approved = await report(chinedu.token, chinedu.name, '20000', 'GTB0000418823116');
  await call(url, 'POST', `/api/v1/admin/funding-requests/${approved.id}/approve`, { token: operator, json: {} });
  await buy(chinedu.token, { service: 'airtime', network: 'mtn', phone: '08034567812', amount: '1000' });
  await buy(chinedu.token, { service: 'airtime', network: 'airtel', phone: '08023456781', amount: '500' });
  const fatima = agents.fatima_bello;
  await report(fatima.token, fatima.name, '15000', 'FBN3021166409827', true);
  await report(demo, 'Ada Demo', '25000', 'UBA1125009934512');

  // A wallet credit with its reason (the audit log's newest row).
  const [chineduSummary] = await call(url, 'GET', '/api/v1/admin/agents?q=chinedu_okeke', { token: operator });
  await call(url, 'POST', `/api/v1/admin/agents/${chineduSummary.id}/adjustments`, {
    token: operator,
    json: {
      direction: 'credit',
      amount: '50',
      reason: 'Transfer charge refunded: the bank debited it twice',
      idempotencyKey: `screens-${randomUUID()}`,
    },
  });

  // The demo agent's order the upstream has not settled: the overview's pending order and the order's page.
  await buy(demo, { service: 'airtime', network: 'mtn', phone: PENDING_PHONE, amount: '500', pin: '1234' });
  const [pending] = await call(url, 'GET', `/api/v1/admin/orders?q=${PENDING_PHONE}&agent=demo`, { token: operator });
  if (!pending) throw new Error('the pending order is not in the orders list');
  const [demoSummary] = await call(url, 'GET', '/api/v1/admin/agents?q=demo@agentdesk.local', { token: operator });
  if (!demoSummary) throw new Error('the demo agent is not in the agents list');
  return { demoAgentId: demoSummary.id, pendingOrderId: pending.id };
}

/** Waits until the screen has its heading, its data and no spinner, and the fonts are in. */
async function settle(page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(() => !document.querySelector('[role="progressbar"], .MuiSkeleton-root'), undefined, {
      timeout: 10_000,
    })
    .catch(() => console.warn(`  ${page.url()}: still loading after 10 s, taken anyway`));
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
}

async function shoot(page, name) {
  const path = join(OUT_DIR, `${name}.png`);
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
  console.log(`  ${name}.png  ${Math.round(statSync(path).size / 1024)} KB`);
}

async function open(page, path) {
  await page.goto(path);
  await settle(page);
}

async function consoleSignIn(page) {
  await page.goto('/admin/login');
  await page.getByRole('heading', { name: 'Operator sign-in', level: 1 }).waitFor();
  await page.getByLabel('Email, username or phone').fill(OPERATOR.username);
  await page.getByLabel(/^Password/).fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
}

async function newPage(browser, url, viewport) {
  const context = await browser.newContext({ baseURL: url, viewport, colorScheme: 'light', deviceScaleFactor: 1 });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.warn(`  page error: ${error.message}`));
  return { context, page };
}

async function main() {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (set CHROMIUM_PATH)`);
  mkdirSync(OUT_DIR, { recursive: true });
  console.log('Starting the built server on a fresh database (the first start seeds the demo)...');
  const server = await startServer();
  let browser;
  try {
    const { demoAgentId, pendingOrderId } = await setUpData(server.url);
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
    });
    console.log(`Saving into ${OUT_DIR}:`);

    const { context, page } = await newPage(browser, server.url, DESKTOP);
    await consoleSignIn(page);
    await settle(page);
    await shoot(page, 'console-overview');
    await open(page, '/admin/agents');
    await shoot(page, 'console-agents');
    await open(page, `/admin/agents/${demoAgentId}`);
    await shoot(page, 'console-agent');
    await open(page, '/admin/funding');
    await shoot(page, 'console-funding');
    await open(page, '/admin/orders');
    await shoot(page, 'console-orders');

    // The order's page, scrolled to its exchanges with the upstream, the first one opened.
    await open(page, `/admin/orders/${pendingOrderId}`);
    await page.getByRole('button', { name: /^1\. Pay/ }).click();
    await page.getByRole('region', { name: 'Request', exact: true }).waitFor();
    // The panel grows open over a few hundred ms; the page is only tall enough to scroll once it has.
    await page.waitForTimeout(1000);
    await page.getByRole('heading', { name: 'Exchanges with the upstream', level: 2 }).evaluate((heading) => {
      const bar = document.querySelector('header');
      window.scrollBy(0, heading.getBoundingClientRect().top - (bar?.getBoundingClientRect().height ?? 0) - 16);
    });
    await page.waitForTimeout(300);
    await shoot(page, 'console-order');

    await open(page, '/admin/catalog');
    await shoot(page, 'console-catalog');
    await open(page, '/admin/audit');
    await shoot(page, 'console-audit');

    // Dark: the top bar's switch (the choice stays in this browser context only).
    await open(page, '/admin/funding');
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await page.getByRole('button', { name: 'Dark theme', pressed: true }).waitFor();
    await page.waitForTimeout(400);
    await shoot(page, 'console-dark');
    await context.close();

    const phone = await newPage(browser, server.url, PHONE);
    await consoleSignIn(phone.page);
    await settle(phone.page);
    await shoot(phone.page, 'console-phone');
    await phone.context.close();
  } finally {
    await browser?.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
