import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { allowInlineScripts } from './security-headers.js';

/** apps/web/dist, from src/http and dist/http alike. */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

export interface WebAppOptions {
  distDir: string;
  basePath: string;
  brandName: string;
  apiBaseUrl: string;
}

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** The runtime configuration the app reads, first in <head>: a <base> and a JSON <meta> (no inline script). */
function injectConfig(html: string, options: WebAppOptions): string {
  const config = { basePath: options.basePath, brandName: options.brandName, apiBaseUrl: options.apiBaseUrl };
  const head = `<base href="${escapeAttribute(options.basePath)}">\n<meta name="agentdesk-config" content="${escapeAttribute(JSON.stringify(config))}">\n`;
  // First in <head>: every relative URL after it, scripts and stylesheets included, resolves against the base.
  return html.replace(/<head>/i, `<head>\n${head}`);
}

/** index.html with the runtime configuration the app reads, and the brand as its title. */
export function renderIndex(html: string, options: WebAppOptions): string {
  return injectConfig(html, options).replace(
    /<title>[^<]*<\/title>/,
    `<title>${escapeAttribute(options.brandName)}</title>`,
  );
}

/** What a prerendered page holds where the runtime configuration goes (apps/web/src/prerender/render-pages.tsx). */
export interface Placeholders {
  basePath: string;
  brandName: string;
}

/**
 * A prerendered page (decision 039) with the runtime configuration: the placeholders replaced
 * (the base path in its links as the router writes them, `/agents/register`, and `/agents` or
 * `/` for home; the brand in its text and title), then the configuration injected as in index.html.
 */
export function renderPrerendered(html: string, placeholders: Placeholders, options: WebAppOptions): string {
  const base = options.basePath.replace(/\/$/, '');
  const filled = html
    .replaceAll(`"${placeholders.basePath}"`, `"${base || '/'}"`)
    .replaceAll(placeholders.basePath, base)
    .replaceAll(placeholders.brandName, escapeAttribute(options.brandName));
  return injectConfig(filled, options);
}

/** A page as sent: compressed once per process, with the hashes of its inline scripts for the CSP. */
interface ServedPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
  scriptHashes: string[];
}

function servedPage(html: string): ServedPage {
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
  return {
    html,
    // The build's settings (scripts/precompress.mjs).
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(html, { level: 9 }),
    scriptHashes: scripts.map((script) => `sha256-${createHash('sha256').update(script).digest('base64')}`),
  };
}

/** The build's list of prerendered pages (scripts/prerender-pages.mjs). */
interface PrerenderedList {
  placeholders: Placeholders;
  pages: { file: string; paths: string[] }[];
}

/** A route's path under the base (`user/transactions/:id/receipt`, `` for home) as a pattern; a trailing slash is allowed. */
function pathPattern(path: string): RegExp {
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}/?$`);
}

/** Each prerendered page with the paths it answers, or none when the build has no list (an older build). */
function loadPrerendered(distDir: string, options: WebAppOptions): { pattern: RegExp; page: ServedPage }[] {
  const folder = join(distDir, '.prerendered');
  const listPath = join(folder, 'pages.json');
  if (!existsSync(listPath)) return [];
  const list = JSON.parse(readFileSync(listPath, 'utf8')) as PrerenderedList;
  return list.pages.flatMap(({ file, paths }) => {
    const page = servedPage(renderPrerendered(readFileSync(join(folder, file), 'utf8'), list.placeholders, options));
    return paths.map((path) => ({ pattern: pathPattern(path), page }));
  });
}

/** Vite's hashed file names (`assets/index-V3WMXtgk.js`): their content never changes under that name. */
const HASHED_ASSET = /[/\\]assets[/\\][^/\\]+-[\w-]{8,}\.\w+(?:\.(?:br|gz))?$/;

/**
 * The encoding to send, from the request's Accept-Encoding: br, else gzip, else none.
 * A coding with q=0 is refused; `*` stands for the codings not named.
 */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  const [best] = (['br', 'gzip'] as const).filter((coding) => weight(coding) > 0).sort((a, b) => weight(b) - weight(a));
  return best;
}

/**
 * Serves the built dashboard under BASE_PATH, each text file as its precompressed `.br` or
 * `.gz` sibling when the browser accepts it (scripts/precompress.mjs, decision 032): hashed
 * assets cached for a year. Every other page (history fallback) is the page the build
 * prerendered for its path, if any (the sign-in screens, the dashboard's frame: decision 039),
 * else index.html; both never cached. Answers false when there is no build.
 */
export async function installWebApp(app: FastifyInstance, options: WebAppOptions): Promise<boolean> {
  const indexPath = join(options.distDir, 'index.html');
  if (!existsSync(indexPath)) return false;
  // Rendered once per process, so compressed once too.
  const index = servedPage(renderIndex(readFileSync(indexPath, 'utf8'), options));
  const prerendered = loadPrerendered(options.distDir, options);

  await app.register(fastifyStatic, {
    root: options.distDir,
    prefix: options.basePath,
    index: false,
    wildcard: true,
    // The build's own folders (`.vite`, `.prerendered`: the pages before the server fills them in) are not sent.
    dotfiles: 'ignore',
    // Sends `x.js.br` or `x.js.gz` for `x.js` by Accept-Encoding, with `Vary: Accept-Encoding`;
    // @fastify/compress (app.ts) leaves an answer that already has a Content-Encoding alone.
    preCompressed: true,
    setHeaders: (res, path) => {
      res.header('cache-control', HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const pageFor = (url: string): ServedPage => {
    const path = url.split('?')[0] ?? '';
    const underBase = path.startsWith(options.basePath) ? path.slice(options.basePath.length) : '';
    return prerendered.find(({ pattern }) => pattern.test(underBase))?.page ?? index;
  };
  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    const page = pageFor(request.url);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    allowInlineScripts(reply, page.scriptHashes);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
    return encoding ? reply.header('content-encoding', encoding).send(page[encoding]) : reply.send(page.html);
  };
  app.get(options.basePath, sendPage);
  app.decorate('sendWebIndex', sendPage);
  return true;
}

declare module 'fastify' {
  interface FastifyInstance {
    sendWebIndex?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  }
}
