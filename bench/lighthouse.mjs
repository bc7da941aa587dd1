#!/usr/bin/env node
// Lighthouse (mobile: simulated slow 4G and a 4x slower CPU, Lighthouse's defaults) on /login
// and on the first signed-in home (empty cache, signed in), against the built server with the
// built app and the built-in upstream sandbox. Each figure is the median of --runs runs, each
// run in a fresh Chromium profile; the table sets each figure beside its goal.
// Usage: npm run bench:lighthouse  (or: npm run build && node bench/lighthouse.mjs
//        [--runs 3] [--json] [--postgres] [--demo] [--reports DIR] [--chrome /usr/bin/chromium])
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
// Both come with lighthouse (its own dependencies): chrome-launcher starts the Chromium that is
// on the machine, puppeteer-core only drives it. Neither downloads a browser.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    // The summary as JSON on stdout (medians, every run's figures, goals, failing audits).
    json: { type: 'boolean', default: false },
    // A fresh PostgreSQL database on BENCH_DATABASE_URL's server instead of embedded PGlite.
    postgres: { type: 'boolean', default: false },
    // The seeded demo agent (weeks of history on its home) instead of a newly registered one.
    demo: { type: 'boolean', default: false },
    // Writes each run's report (HTML and JSON) to this folder.
    reports: { type: 'string' },
    // Also writes each run's trace (Chromium's trace events of the unthrottled load) to this folder.
    traces: { type: 'string' },
    // Only these pages (comma-separated keys: login, home).
    pages: { type: 'string', default: 'login,home' },
    chrome: { type: 'string', default: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
  },
});
const RUNS = Number(values.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs must be a positive integer, not ${values.runs}`);
// With --json, stdout holds the JSON alone; progress goes to stderr.
const say = values.json ? (...args) => console.error(...args) : (...args) => console.log(...args);

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SERVER_MAIN = join(ROOT, 'apps/server/dist/main.js');
const WEB_INDEX = join(ROOT, 'apps/web/dist/index.html');
for (const file of [SERVER_MAIN, WEB_INDEX]) {
  if (!existsSync(file)) throw new Error(`${file} is missing: run "npm run build" first`);
}
if (!existsSync(values.chrome)) throw new Error(`no Chromium at ${values.chrome} (--chrome or CHROME_PATH)`);

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
// Issue 20's goals. Scores are Lighthouse's 0–100; lcp in ms; js is the compressed JavaScript
// transferred by the page load, in KiB.
const ALL_PAGES = [
  {
    key: 'login',
    name: '/login',
    path: '/login',
    signedIn: false,
    goals: { performance: 95, accessibility: 100, 'best-practices': 100, lcp: 2000, js: 80 },
  },
  {
    key: 'home',
    name: 'home, first signed-in visit',
    path: '/',
    signedIn: true,
    goals: { performance: 95, accessibility: 100, 'best-practices': 100, lcp: 2500, js: 250 },
  },
];
const PAGES = ALL_PAGES.filter((page) => values.pages.split(',').includes(page.key));
if (PAGES.length === 0) throw new Error(`--pages names none of ${ALL_PAGES.map((page) => page.key).join(', ')}`);
const HOME_DATA = '/api/v1/agent/dashboard/summary';
const SESSION_KEY = 'user_session';

// Everything started here, stopped in reverse order at the end, on failure too.
const cleanups = [];
async function cleanUp() {
  while (cleanups.length) {
    try {
      await cleanups.pop()();
    } catch (error) {
      console.error('clean-up:', error);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the built server on a free loopback port and waits for its banner (first start done). */
async function startServer() {
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
    // Registration and sign-in come from 127.0.0.1, as every run's browser does.
    AUTH_IP_LIMIT_PER_MINUTE: '1000',
  };
  delete env.UPSTREAM_BASE_URL; // the built-in sandbox
  if (values.demo) env.SEED_DEMO = 'true';
  if (values.postgres) {
    const { createScratchDatabase } = await import('./scratch-database.mjs');
    const { url, drop } = await createScratchDatabase('lighthouse');
    cleanups.push(drop);
    env.DATABASE_URL = url;
  }
  const scratch = mkdtempSync(join(tmpdir(), 'agentdesk-lighthouse-'));
  cleanups.push(() => rmSync(scratch, { recursive: true, force: true }));
  if (!values.postgres) {
    env.DATA_DIR = join(scratch, 'data');
    mkdirSync(env.DATA_DIR);
    delete env.DATABASE_URL;
  }
  // The app served from a copy: a build started meanwhile (npm run build) cannot change it mid-run.
  env.WEB_DIST_DIR = join(scratch, 'web');
  cpSync(join(ROOT, 'apps/web/dist'), env.WEB_DIST_DIR, { recursive: true });
  let log = '';
  const child = spawn(process.execPath, [SERVER_MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  });
  const base = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + 120_000;
  while (!log.includes(' is running at ')) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${log.slice(-4000)}`);
    if (Date.now() > deadline) throw new Error(`the server did not start within 120 s:\n${log.slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const health = await fetch(`${base}/api/health`);
  if (!health.ok) throw new Error(`/api/health answered ${health.status}`);
  return base;
}

async function post(url, body) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${answer.message}`);
  return answer;
}

/**
 * A session as the app stores it after signing in: { token, user } in localStorage (the API
 * takes the token as a Bearer header; there is no session cookie). A new agent registered
 * through the API (e2e/support/api.ts), or the seeded demo agent with --demo.
 */
async function signIn(base) {
  if (values.demo) {
    const answer = await post(`${base}/api/v1/agent/auth/login`, { identifier: 'demo', password: 'DemoAgent#2026' });
    return { token: answer.data.authorization.token, user: answer.data.user };
  }
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`.slice(-10);
  const password = 'FirstPass#2026';
  const answer = await post(`${base}/api/v1/agent/auth/register`, {
    firstName: 'Ada',
    lastName: 'Okafor',
    username: `ada_${id}`,
    email: `ada.${id}@example.com`,
    phone: `080${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    password,
    confirmPassword: password,
  });
  return { token: answer.data.authorization.token, user: answer.data.user };
}

/**
 * Writes the session into the fresh profile's localStorage for the server's origin without
 * loading anything from the server (the request is answered by the browser itself): no
 * cached file and no open connection is left for the measured visit.
 */
async function storeSession(tab, base, session) {
  const answer = (request) =>
    request.respond({ status: 200, contentType: 'text/html', body: '<!doctype html><title>session</title>' });
  await tab.setRequestInterception(true);
  tab.on('request', answer);
  try {
    await tab.goto(`${base}/lighthouse-session`);
    await tab.evaluate((key, value) => localStorage.setItem(key, value), SESSION_KEY, JSON.stringify(session));
  } finally {
    tab.off('request', answer);
    await tab.setRequestInterception(false);
  }
}

/**
 * Lighthouse's errors about its own recording of the trace, not about the page ("Please run
 * Lighthouse again"): seen now and then on a busy machine. Such a run is made again, at most
 * twice; any other error (a page that never painted: NO_FCP, NO_LCP) stops the benchmark.
 */
const TRACE_FAILURES = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED']);
const TRACE_RETRIES = 2;

/** measure(), made again when Lighthouse failed to record the trace. */
async function measureRetrying(page, base, session, run) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await measure(page, base, session, run);
    } catch (error) {
      if (!TRACE_FAILURES.has(error.runtimeError) || attempt === TRACE_RETRIES) throw error;
      say(`  ${page.name} run ${run}: Lighthouse did not record its trace (${error.runtimeError}); run again`);
    }
  }
}

/** One Lighthouse run of one page, in a Chromium of its own (fresh profile), which it stops. */
async function measure(page, base, session, run) {
  const chrome = await chromeLauncher.launch({
    chromePath: values.chrome,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  let browser;
  try {
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    // The one tab Chromium opened (a page in a second tab may never paint: NO_FCP).
    const tab = (await browser.pages())[0] ?? (await browser.newPage());
    if (page.signedIn) await storeSession(tab, base, session);
    await tab.bringToFront();
    const result = await lighthouse(
      `${base}${page.path}`,
      { logLevel: 'error', output: values.reports ? 'html' : 'json' },
      {
        extends: 'lighthouse:default',
        // Lighthouse's defaults, written out: a phone, simulated slow 4G and a 4x slower CPU,
        // the cache and service workers cleared before the visit (not localStorage: the session).
        settings: {
          formFactor: 'mobile',
          throttlingMethod: 'simulate',
          disableStorageReset: false,
          onlyCategories: CATEGORIES,
        },
      },
      tab,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${page.name}`);
    const { lhr } = result;
    if (values.reports) {
      mkdirSync(values.reports, { recursive: true });
      writeFileSync(join(values.reports, `${page.key}-${run}.html`), result.report);
      writeFileSync(join(values.reports, `${page.key}-${run}.json`), JSON.stringify(lhr));
    }
    if (values.traces && result.artifacts.Trace) {
      mkdirSync(values.traces, { recursive: true });
      writeFileSync(join(values.traces, `${page.key}-${run}.trace.json`), JSON.stringify(result.artifacts.Trace));
    }
    if (lhr.runtimeError) {
      const error = new Error(`Lighthouse on ${page.name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      error.runtimeError = lhr.runtimeError.code;
      throw error;
    }
    return { lhr, bodies: scriptBodies(result.artifacts.DevtoolsLog ?? []), browser: await browser.version() };
  } finally {
    await browser?.disconnect();
    chrome.kill();
  }
}

/**
 * The compressed bodies of the scripts, without their response headers (about 1 KiB each here,
 * counted in Lighthouse's transferSize): what e2e/bundle-size.test.ts measures (encodedBodySize).
 */
function scriptBodies(devtoolsLog) {
  const headerBytes = new Map();
  let bytes = 0;
  for (const { method, params } of devtoolsLog) {
    if (method === 'Network.responseReceived' && params.type === 'Script')
      headerBytes.set(params.requestId, params.response.encodedDataLength);
    else if (method === 'Network.loadingFinished' && headerBytes.has(params.requestId))
      bytes += params.encodedDataLength - headerBytes.get(params.requestId);
  }
  return bytes / 1024;
}

/** The figures of one run, and what shows which page was measured. */
function figures(lhr, bodies = null) {
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((request) => request.resourceType === 'Script');
  const score = (category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const metric = (id) => lhr.audits[id]?.numericValue;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    lcp: metric('largest-contentful-paint'),
    js: scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0) / 1024,
    scripts: scripts.length,
    jsBodies: bodies,
    fcp: metric('first-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    si: metric('speed-index'),
    finalUrl: lhr.finalDisplayedUrl,
    homeData: requests.find((request) => new URL(request.url).pathname === HOME_DATA)?.statusCode ?? null,
    lcpElement: lcpElement(lhr),
    benchmarkIndex: lhr.environment?.benchmarkIndex,
  };
}

/** The LCP element's selector and snippet (largest-contentful-paint-element's first table). */
function lcpElement(lhr) {
  const details = lhr.audits['largest-contentful-paint-element']?.details;
  const tables = details?.type === 'list' ? details.items : [details];
  const node = tables?.find((table) => table?.items?.[0]?.node)?.items[0].node;
  return node ? `${node.selector}  ${node.snippet}` : null;
}

/** Fails loudly when the visit measured is not the page meant (a home that fell back to /login). */
function checkPage(page, run) {
  const path = new URL(run.finalUrl).pathname;
  if (page.signedIn) {
    const problems = [];
    if (path !== page.path) problems.push(`it ended on ${path}`);
    if (run.homeData !== 200) problems.push(`${HOME_DATA} answered ${run.homeData ?? 'nothing'}`);
    if (/password|sign in|log in/i.test(run.lcpElement ?? '')) problems.push(`its LCP element is ${run.lcpElement}`);
    if (problems.length) throw new Error(`the signed-in home was not measured signed in: ${problems.join('; ')}`);
  } else if (path !== page.path || run.homeData !== null) {
    throw new Error(`${page.name} was not measured signed out (ended on ${path}, home data ${run.homeData})`);
  }
}

function median(numbers) {
  const sorted = numbers.filter((n) => typeof n === 'number').sort((a, b) => a - b);
  if (!sorted.length) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** What an audit's detail item points at: an element, a file, a console message. */
function describeItem(item) {
  const text = (value) => String(value).replace(/\s+/g, ' ').trim().slice(0, 200);
  if (item.groupLabel) return `${item.groupLabel} ${Math.round(item.duration)} ms`;
  if (item.node) {
    const explanation = item.node.explanation ? `: ${text(item.node.explanation)}` : '';
    return `${item.node.selector ?? item.node.path}  ${text(item.node.snippet ?? '')}${explanation}`;
  }
  const where = item.url ?? item.sourceLocation?.url ?? item.source?.url;
  if (where && item.total !== undefined) {
    return `${where}  ${Math.round(item.total)} ms (script evaluation ${Math.round(item.scripting ?? 0)} ms, parse and compile ${Math.round(item.scriptParseCompile ?? 0)} ms)`;
  }
  const parts = [item.description, item.issueType, item.label, typeof item.source === 'string' ? item.source : null];
  const said = parts.filter(Boolean).map(text).join(' — ');
  return [where, said].filter(Boolean).join('  ') || text(JSON.stringify(item));
}

/** Audits of a category with a score under 1, across the runs: how many runs, and their items. */
function failingAudits(lhrs, category) {
  const failing = new Map();
  for (const lhr of lhrs) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (audit.score === null || audit.score >= 1) continue;
      const entry = failing.get(ref.id) ?? { id: ref.id, title: audit.title, weight: ref.weight, runs: 0, items: [] };
      entry.runs++;
      for (const item of audit.details?.items ?? []) {
        const described = describeItem(item);
        if (!entry.items.includes(described)) entry.items.push(described);
      }
      failing.set(ref.id, entry);
    }
  }
  return [...failing.values()];
}

/** An audit's details as lines: its table rows, its sections, the longest chain of a request tree. */
function detailLines(details, limit = 4) {
  if (!details) return [];
  if (details.type === 'list') return details.items.flatMap((item) => detailLines(item, limit));
  if (details.type === 'list-section') return detailLines(details.value, limit);
  if (details.type === 'network-tree') {
    // The longest chain of requests, each with when it ended (ms after the navigation started).
    const chain = [];
    for (let node = Object.values(details.chains ?? {})[0]; node;) {
      chain.push(`${new URL(node.url).pathname} ${Math.round(node.navStartToEndTime)} ms`);
      const children = Object.values(node.children ?? {});
      node = children.find((child) => child.isLongest) ?? children[0];
    }
    return chain.length ? [`longest chain: ${chain.join(' → ')}`] : [];
  }
  return (details.items ?? []).slice(0, limit).map((item) => {
    if (item.reflowTime !== undefined) {
      const where = item.source?.url
        ? `${item.source.url}:${item.source.line}:${item.source.column}`
        : item.source?.value;
      return `${where}  ${Math.round(item.reflowTime)} ms of forced reflow`;
    }
    const saved = [
      item.wastedMs ? `${Math.round(item.wastedMs)} ms` : null,
      item.wastedBytes ? `${(item.wastedBytes / 1024).toFixed(1)} KiB` : null,
    ].filter(Boolean);
    return `${describeItem(item)}${saved.length ? ` (${saved.join(', ')})` : ''}`;
  });
}

/**
 * The performance audits under a full score, from the run with the median score: those that say
 * what they would save (opportunities, largest first), then the others (diagnostics).
 */
function performanceAdvice(lhr) {
  const opportunities = [];
  const diagnostics = [];
  for (const ref of lhr.categories.performance.auditRefs) {
    const audit = lhr.audits[ref.id];
    // The metrics are in the table; the LCP element and its parts are printed on their own.
    if (audit.score === null || audit.score >= 1) continue;
    if (ref.group === 'metrics' || ref.id === 'largest-contentful-paint-element') continue;
    const ms = audit.details?.overallSavingsMs ?? 0;
    const bytes = audit.details?.overallSavingsBytes ?? 0;
    const metricSavings = Object.entries(audit.metricSavings ?? {}).filter(([, saved]) => saved > 0);
    const entry = {
      id: ref.id,
      title: audit.title,
      displayValue: audit.displayValue ?? '',
      savingsMs: Math.round(ms),
      savingsKiB: Math.round(bytes / 1024),
      metricSavings: Object.fromEntries(metricSavings.map(([metric, saved]) => [metric, Math.round(saved)])),
      items: detailLines(audit.details),
    };
    (ms || bytes || metricSavings.length ? opportunities : diagnostics).push(entry);
  }
  const weight = (o) => o.savingsMs + Math.max(0, ...Object.values(o.metricSavings));
  opportunities.sort((a, b) => weight(b) - weight(a) || b.savingsKiB - a.savingsKiB);
  return { opportunities: opportunities.slice(0, 8), diagnostics };
}

/** LCP's parts (time to first byte, load delay, load time, render delay), when Lighthouse gives them. */
function lcpPhases(lhr) {
  const details = lhr.audits['largest-contentful-paint-element']?.details;
  const table = details?.type === 'list' ? details.items.find((t) => t?.items?.[0]?.phase) : null;
  return table ? table.items.map((row) => `${row.phase} ${Math.round(row.timing)} ms`).join(', ') : null;
}

const pass = (key, value, goal) => (key === 'lcp' || key === 'js' ? value <= goal : value >= goal);

async function main() {
  say('starting the built server...');
  const base = await startServer();
  const session = await signIn(base);
  say(`server at ${base}, signed in as ${session.user.username}; ${RUNS} run(s) per page`);

  let browserVersion;
  const lhrs = Object.fromEntries(PAGES.map((page) => [page.key, []]));
  const runs = Object.fromEntries(PAGES.map((page) => [page.key, []]));
  // The pages alternate, so that a slow minute of the machine falls on both.
  for (let run = 1; run <= RUNS; run++) {
    for (const page of PAGES) {
      const { lhr, bodies, browser } = await measureRetrying(page, base, session, run);
      browserVersion = browser;
      const result = figures(lhr, bodies);
      checkPage(page, result);
      lhrs[page.key].push(lhr);
      runs[page.key].push(result);
      say(
        `  ${page.name} run ${run}: performance ${result.performance}, accessibility ${result.accessibility}, ` +
          `best practices ${result['best-practices']}, LCP ${Math.round(result.lcp)} ms, JS ${result.js.toFixed(1)} KiB ` +
          `(${result.scripts} files; bodies ${result.jsBodies.toFixed(1)} KiB), ended on ${new URL(result.finalUrl).pathname}`,
      );
    }
  }

  const summary = PAGES.map((page) => {
    const medians = Object.fromEntries(
      [
        'performance',
        'accessibility',
        'best-practices',
        'lcp',
        'js',
        'jsBodies',
        'scripts',
        'fcp',
        'tbt',
        'cls',
        'si',
        'benchmarkIndex',
      ].map((key) => [key, median(runs[page.key].map((run) => run[key]))]),
    );
    const goals = Object.fromEntries(
      Object.entries(page.goals).map(([key, goal]) => [key, { goal, met: pass(key, medians[key], goal) }]),
    );
    // The run whose performance score is the median one: its opportunities and LCP parts.
    const byScore = [...lhrs[page.key]].sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const medianRun = byScore[Math.floor((byScore.length - 1) / 2)];
    return {
      page: page.name,
      path: page.path,
      medians,
      goals,
      runs: runs[page.key],
      lcpElement: figures(medianRun).lcpElement,
      lcpPhases: lcpPhases(medianRun),
      failing: {
        accessibility: failingAudits(lhrs[page.key], 'accessibility'),
        'best-practices': failingAudits(lhrs[page.key], 'best-practices'),
      },
      ...performanceAdvice(medianRun),
      warnings: [...new Set(lhrs[page.key].flatMap((lhr) => lhr.runWarnings ?? []))],
    };
  });
  const first = lhrs[PAGES[0].key][0];
  const environment = {
    lighthouse: first.lighthouseVersion,
    chromium: browserVersion,
    formFactor: first.configSettings.formFactor,
    throttlingMethod: first.configSettings.throttlingMethod,
    throttling: first.configSettings.throttling,
    runs: RUNS,
  };

  if (values.json) {
    console.log(JSON.stringify({ environment, pages: summary }, null, 2));
    return;
  }
  print(environment, summary);
}

function print(environment, summary) {
  const { rttMs, throughputKbps, cpuSlowdownMultiplier } = environment.throttling;
  console.log(
    `\nLighthouse ${environment.lighthouse}, ${environment.chromium}, ${environment.formFactor}, ` +
      `${environment.throttlingMethod} throttling (RTT ${rttMs} ms, ${(throughputKbps / 1024).toFixed(1)} Mbit/s, ` +
      `CPU ${cpuSlowdownMultiplier}x slower); median of ${environment.runs} run(s)\n`,
  );
  const format = {
    performance: (v) => String(v),
    accessibility: (v) => String(v),
    'best-practices': (v) => String(v),
    lcp: (v) => `${(v / 1000).toFixed(2)} s`,
    js: (v) => `${v.toFixed(1)} KiB`,
  };
  const goalText = (key, goal) => (key === 'lcp' || key === 'js' ? `≤ ${format[key](goal)}` : `≥ ${goal}`);
  const header = [
    'page',
    'performance',
    'accessibility',
    'best practices',
    'LCP',
    'compressed JS transferred (with headers)',
  ];
  const rows = summary.map((page) => [
    page.page,
    ...Object.keys(format).map((key) => {
      const { goal, met } = page.goals[key];
      const bodies = key === 'js' ? `; bodies ${format.js(page.medians.jsBodies)}` : '';
      return `${format[key](page.medians[key])} ${met ? '✓' : '✗'} (${goalText(key, goal)}${bodies})`;
    }),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(header));
  console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
  for (const row of rows) console.log(line(row));

  for (const page of summary) {
    const m = page.medians;
    console.log(`\n== ${page.page}`);
    console.log(
      `  medians: FCP ${Math.round(m.fcp)} ms, LCP ${Math.round(m.lcp)} ms, TBT ${Math.round(m.tbt)} ms, ` +
        `CLS ${m.cls.toFixed(3)}, Speed Index ${Math.round(m.si)} ms; CPU benchmark index ${Math.round(m.benchmarkIndex)}`,
    );
    console.log(`  LCP element: ${page.lcpElement ?? '(none reported)'}`);
    if (page.lcpPhases) console.log(`  LCP parts: ${page.lcpPhases}`);
    for (const category of ['accessibility', 'best-practices']) {
      const failing = page.failing[category];
      console.log(`  ${category}: ${failing.length ? 'failing audits' : 'no failing audit'}`);
      for (const audit of failing) {
        const weight = audit.weight ? '' : ', weight 0 (not in the score)';
        console.log(`    - ${audit.id}: ${audit.title} (in ${audit.runs} of ${page.runs.length} runs${weight})`);
        for (const item of audit.items.slice(0, 8)) console.log(`        ${item}`);
      }
    }
    console.log(`  performance opportunities (the median run):${page.opportunities.length ? '' : ' none'}`);
    for (const o of page.opportunities) {
      const metricSavings = Object.entries(o.metricSavings).map(([metric, ms]) => `${metric} ${ms} ms`);
      const saves = [o.savingsMs ? `${o.savingsMs} ms` : null, o.savingsKiB ? `${o.savingsKiB} KiB` : null]
        .concat(metricSavings)
        .filter(Boolean)
        .join(', ');
      console.log(`    - ${o.id}: ${o.title}${o.displayValue ? ` — ${o.displayValue}` : ''} (saves ${saves})`);
      for (const item of o.items) console.log(`        ${item}`);
    }
    console.log(
      `  other performance audits under a full score (the median run):${page.diagnostics.length ? '' : ' none'}`,
    );
    for (const d of page.diagnostics) {
      console.log(`    - ${d.id}: ${d.title}${d.displayValue ? ` — ${d.displayValue}` : ''}`);
      for (const item of d.items) console.log(`        ${item}`);
    }
    for (const warning of page.warnings) console.log(`  Lighthouse warning: ${String(warning).replace(/\s+/g, ' ')}`);
  }
}

try {
  await main();
} catch (error) {
  process.exitCode = 1;
  console.error(error);
} finally {
  await cleanUp();
}
