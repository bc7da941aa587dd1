import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { AppError } from '../lib/app-error.js';
import { durationInWords } from '../lib/duration-words.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counters of failed attempts (sign-ins, reset codes): shared through Redis when REDIS_URL is set. */
    failureCounters: FailureCounters;
  }
}

/** A counter over a fixed window that starts at its first count. */
export interface CounterState {
  count: number;
  /** Until the window ends (0 when there is no counter). */
  msLeft: number;
}

/**
 * Counters that a route moves itself, around the check that tells a failure from a success
 * (which a preHandler cannot know).
 */
export interface FailureCounters {
  /** Counts one and answers the new state; the first count opens a window of windowMs. */
  add(key: string, windowMs: number): Promise<CounterState>;
  read(key: string): Promise<CounterState>;
  /** Takes one back, if the counter still exists. */
  remove(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

const FAILURES_PREFIX = 'agentdesk-failures:';

// Takes one back only from a live counter: DECR on a missing key would create one without expiry.
const REMOVE_ONE = `if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end return 0`;

function redisFailureCounters(redis: Redis): FailureCounters {
  return {
    async add(key, windowMs) {
      const k = FAILURES_PREFIX + key;
      const results = await redis.multi().set(k, 0, 'PX', windowMs, 'NX').incr(k).pttl(k).exec();
      const [, [, count], [, ttl]] = results as [unknown, [unknown, number], [unknown, number]];
      return { count: Number(count), msLeft: Math.max(0, Number(ttl)) };
    },
    async read(key) {
      const k = FAILURES_PREFIX + key;
      const results = await redis.multi().get(k).pttl(k).exec();
      const [[, count], [, ttl]] = results as [[unknown, string | null], [unknown, number]];
      return count === null ? { count: 0, msLeft: 0 } : { count: Number(count), msLeft: Math.max(0, Number(ttl)) };
    },
    async remove(key) {
      await redis.eval(REMOVE_ONE, 1, FAILURES_PREFIX + key);
    },
    async clear(key) {
      await redis.del(FAILURES_PREFIX + key);
    },
  };
}

/** One instance's counters (no REDIS_URL), on the real time like the plugin's own store. */
export function memoryFailureCounters(now: () => number = Date.now, maxEntries = 100_000): FailureCounters {
  const counters = new Map<string, { count: number; endsAt: number }>();
  const live = (key: string) => {
    const counter = counters.get(key);
    if (counter && counter.endsAt <= now()) {
      counters.delete(key);
      return undefined;
    }
    return counter;
  };
  const stateOf = (counter: { count: number; endsAt: number } | undefined): CounterState =>
    counter ? { count: counter.count, msLeft: counter.endsAt - now() } : { count: 0, msLeft: 0 };
  return {
    async add(key, windowMs) {
      let counter = live(key);
      if (!counter) {
        if (counters.size >= maxEntries) {
          for (const [k, c] of counters) if (c.endsAt <= now()) counters.delete(k);
          // Still full of live counters: drop the oldest (a Map iterates in insertion order).
          if (counters.size >= maxEntries) counters.delete(counters.keys().next().value as string);
        }
        counter = { count: 0, endsAt: now() + windowMs };
        counters.set(key, counter);
      }
      counter.count += 1;
      return stateOf(counter);
    },
    async read(key) {
      return stateOf(live(key));
    },
    async remove(key) {
      const counter = live(key);
      if (counter && counter.count > 0) counter.count -= 1;
    },
    async clear(key) {
      counters.delete(key);
    },
  };
}

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
  app.decorate('failureCounters', redis ? redisFailureCounters(redis) : memoryFailureCounters());
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
    throw new AppError('RATE_LIMITED', `Too many attempts. Try again in ${durationInWords(seconds * 1000)}.`);
  };
}

export const byIp = (request: FastifyRequest): string => request.ip;
