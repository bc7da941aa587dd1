import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

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

/** index.html with the runtime configuration the app reads: a <base> and a JSON <meta> (no inline script, for the CSP). */
export function renderIndex(html: string, options: WebAppOptions): string {
  const config = { basePath: options.basePath, brandName: options.brandName, apiBaseUrl: options.apiBaseUrl };
  const head = `<base href="${escapeAttribute(options.basePath)}">\n<meta name="agentdesk-config" content="${escapeAttribute(JSON.stringify(config))}">\n`;
  return (
    html
      // First in <head>: every relative URL after it, scripts included, resolves against the base.
      .replace(/<head>/i, `<head>\n${head}`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeAttribute(options.brandName)}</title>`)
  );
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
 * assets cached for a year, and index.html, never cached, for every other page (history
 * fallback). Answers false when there is no build.
 */
export async function installWebApp(app: FastifyInstance, options: WebAppOptions): Promise<boolean> {
  const indexPath = join(options.distDir, 'index.html');
  if (!existsSync(indexPath)) return false;
  const index = renderIndex(readFileSync(indexPath, 'utf8'), options);
  // Rendered once per process, so compressed once too, with the build's settings.
  const encoded = {
    br: brotliCompressSync(index, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(index, { level: 9 }),
  };

  await app.register(fastifyStatic, {
    root: options.distDir,
    prefix: options.basePath,
    index: false,
    wildcard: true,
    // Sends `x.js.br` or `x.js.gz` for `x.js` by Accept-Encoding, with `Vary: Accept-Encoding`;
    // @fastify/compress (app.ts) leaves an answer that already has a Content-Encoding alone.
    preCompressed: true,
    setHeaders: (res, path) => {
      res.header('cache-control', HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const encoding = pickEncoding(request.headers['accept-encoding']);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
    return encoding ? reply.header('content-encoding', encoding).send(encoded[encoding]) : reply.send(index);
  };
  app.get(options.basePath, sendIndex);
  app.decorate('sendWebIndex', sendIndex);
  return true;
}

declare module 'fastify' {
  interface FastifyInstance {
    sendWebIndex?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  }
}
