import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';

/**
 * Strict headers on every answer. Scripts only from our origin (no inline script, except the
 * prerendered pages' boot script, allowed by its hash: allowInlineScripts); inline styles are
 * allowed because MUI's emotion injects style tags.
 *
 * Helmet's middleware is built once, here: @fastify/helmet built it again for every request
 * (parsing the policy each time, 3 % of the server's CPU in the purchase benchmark).
 */
/**
 * Headers that govern a document (what it may load, frame or open), read by no browser on a
 * script, a stylesheet or a font: on the dashboard's 50-odd hashed files they were about
 * 500 bytes each, uncompressed over HTTP/1.1, 27 KiB of a phone's first visit. The headers a
 * subresource does use stay: nosniff, CORP, HSTS and the referrer policy (a stylesheet's
 * font requests follow it).
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;
/** A hashed script, stylesheet or font of the build (SVG and HTML are documents, and keep them all). */
const SUBRESOURCE = /\/assets\/[^/?#]+-[\w-]{8,}\.(?:js|css|woff2?)(?:[?#]|$)/;

export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'no-referrer' },
  });
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
  app.addHook('onSend', async (request, reply) => {
    // API answers carry sessions and money: never cache them.
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    if (SUBRESOURCE.test(request.url)) {
      for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
      return;
    }
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
  });
}

/**
 * Allows a document's own inline scripts by their hashes (`sha256-…`), in the policy Helmet set
 * on this answer: the prerendered pages run a boot script before they paint (decision 039).
 * The policy never gets 'unsafe-inline' for scripts; other documents keep `script-src 'self'`.
 */
export function allowInlineScripts(reply: FastifyReply, hashes: readonly string[]): void {
  const policy = reply.raw.getHeader('content-security-policy');
  if (hashes.length === 0 || typeof policy !== 'string') return;
  const sources = hashes.map((hash) => `'${hash}'`).join(' ');
  reply.raw.setHeader(
    'content-security-policy',
    policy.replace(
      /(^|;)(\s*script-src [^;]*)/,
      (_directive, start: string, scriptSrc: string) => `${start}${scriptSrc} ${sources}`,
    ),
  );
}
