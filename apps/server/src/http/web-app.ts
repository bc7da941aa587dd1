import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

/**
 * Serves the built dashboard under BASE_PATH: hashed assets cached for a year, and
 * index.html for every other page (history fallback). Answers false when there is no build.
 */
export async function installWebApp(app: FastifyInstance, options: WebAppOptions): Promise<boolean> {
  const indexPath = join(options.distDir, 'index.html');
  if (!existsSync(indexPath)) return false;
  const index = renderIndex(readFileSync(indexPath, 'utf8'), options);

  await app.register(fastifyStatic, {
    root: options.distDir,
    prefix: options.basePath,
    index: false,
    wildcard: true,
    setHeaders: (res, path) => {
      const immutable = /[/\\]assets[/\\]/.test(path);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const sendIndex = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index);
  app.get(options.basePath, sendIndex);
  app.decorate('sendWebIndex', sendIndex);
  return true;
}

declare module 'fastify' {
  interface FastifyInstance {
    sendWebIndex?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  }
}
