import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';

export interface RateLimitRule {
  /** Counter name; the key is `name:` plus what `key` answers. */
  name: string;
  max: number;
  windowMs: number;
  key: (request: FastifyRequest) => string;
}

/** Registers the plugin (Redis store when REDIS_URL is set, so instances share counters). */
export async function installRateLimits(app: FastifyInstance, redisUrl?: string): Promise<void> {
  const redis = redisUrl ? new Redis(redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false }) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'agentdesk-rl:' } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many attempts. Try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`,
    }),
  });
}

/**
 * A preHandler that counts one request against a rule and answers 429 with Retry-After when
 * over. Runs after body parsing, so a rule may key on the account named in the body.
 */
export function limit(app: FastifyInstance, rule: RateLimitRule): preHandlerAsyncHookHandler {
  return app.rateLimit({
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: (request) => `${rule.name}:${rule.key(request)}`,
  }) as unknown as preHandlerAsyncHookHandler;
}

export const byIp = (request: FastifyRequest): string => request.ip;

/** The identifier a body names, normalised so that case and spacing do not open new counters. */
export const byBodyField =
  (field: string) =>
  (request: FastifyRequest): string => {
    const value = (request.body as Record<string, unknown> | undefined)?.[field];
    return typeof value === 'string' ? value.trim().toLowerCase().replace(/\s+/g, '') : '';
  };
