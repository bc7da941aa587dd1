import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * Strict headers on every answer. Scripts only from our origin (no inline script at all);
 * inline styles are allowed because MUI's emotion injects style tags.
 */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
  app.addHook('onSend', async (request, reply) => {
    // API answers carry sessions and money: never cache them.
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
  });
}
