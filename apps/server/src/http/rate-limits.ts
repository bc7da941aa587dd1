import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { AppError } from '../lib/app-error.js';

export interface RateLimitRule {
  /** Counter name; the key is `name:` plus what `key` answers. */
  name: string;
  max: number;
  windowMs: number;
  key: (request: FastifyRequest) => string | Promise<string>;
}

/** Registers the plugin's store (Redis when REDIS_URL is set, so instances share counters). */
export async function installRateLimits(app: FastifyInstance, redisUrl?: string): Promise<void> {
  const redis = redisUrl ? new Redis(redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 }) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, { global: false, ...(redis ? { redis, nameSpace: 'agentdesk-rl:' } : {}) });
}

/**
 * A preHandler that counts one request against a rule and answers 429 with Retry-After when
 * over. Several may guard one route (per address and per account): each counts on its own.
 * Runs after validation, so a rule may key on the account named in the body.
 */
export function limit(app: FastifyInstance, rule: RateLimitRule): preHandlerAsyncHookHandler {
  const check = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: async (request) => `${rule.name}:${await rule.key(request)}`,
  });
  return async (request, reply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    const seconds = Math.max(1, result.ttlInSeconds);
    reply.header('retry-after', String(seconds));
    throw new AppError('RATE_LIMITED', `Too many attempts. Try again in ${seconds} seconds.`);
  };
}

export const byIp = (request: FastifyRequest): string => request.ip;
