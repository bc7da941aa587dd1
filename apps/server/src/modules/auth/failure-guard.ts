import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '@agentdesk/contract/error-codes';
import { AppError } from '../../lib/app-error.js';
import { durationInWords } from '../../lib/duration-words.js';

/**
 * How failed credential checks (a password, a reset code) are limited (issue 19):
 * - only failures count; a success never does, and clears its client's count for the account;
 * - per (account, client address): `perClient` failures in `windowMs`, then 429 with
 *   Retry-After, answered before any hashing;
 * - per account from everywhere: past `slowAfter` failures in the window each attempt waits,
 *   `firstDelayMs` doubling up to `maxDelayMs`, before it is checked. Many addresses together
 *   slow an account down; none can lock its owner out.
 */
export interface FailureGuardRule {
  /** Counter name: the keys are `name:account|address` and `name:account`. */
  name: string;
  /** The error codes that are a failed check; any other outcome is not counted. */
  failures: readonly ErrorCode[];
  perClient: number;
  windowMs: number;
  slowAfter: number;
  firstDelayMs: number;
  maxDelayMs: number;
  /** The 429's first sentence. */
  refusal: string;
}

const MINUTE = 60_000;

/** Sign-in: agents and operators alike. */
export const SIGN_IN_RULE = {
  failures: ['INVALID_CREDENTIALS'],
  perClient: 10,
  windowMs: 15 * MINUTE,
  slowAfter: 30,
  firstDelayMs: 250,
  maxDelayMs: 4_000,
  refusal: 'Too many failed sign-ins.',
} as const satisfies Omit<FailureGuardRule, 'name'>;

/** The delay before checking an attempt for an account that failed `failures` times in the window. */
export function slowdownMs(rule: FailureGuardRule, failures: number): number {
  if (failures < rule.slowAfter) return 0;
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** Math.min(20, failures - rule.slowAfter));
}

export type FailureGuard = <T>(
  request: FastifyRequest,
  reply: FastifyReply,
  account: string,
  check: () => Promise<T>,
) => Promise<T>;

export function failureGuard(app: FastifyInstance, rule: FailureGuardRule): FailureGuard {
  return async (request, reply, account, check) => {
    const counters = app.failureCounters;
    const clientKey = `${rule.name}:${account}|${request.ip}`;
    const accountKey = `${rule.name}:${account}`;
    // Counted before the check, so concurrent attempts cannot overrun the limit; taken back
    // (or cleared) when the attempt turns out not to be a failure.
    const mine = await counters.add(clientKey, rule.windowMs);
    if (mine.count > rule.perClient) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(mine.msLeft / 1000))));
      throw new AppError('RATE_LIMITED', `${rule.refusal} Try again in ${durationInWords(mine.msLeft)}.`);
    }
    const everywhere = await counters.read(accountKey);
    const delay = slowdownMs(rule, everywhere.count);
    if (delay > 0) await sleep(delay);
    try {
      const result = await check();
      await counters.clear(clientKey);
      return result;
    } catch (error) {
      if (error instanceof AppError && rule.failures.includes(error.code)) {
        await counters.add(accountKey, rule.windowMs);
      } else {
        await counters.remove(clientKey);
      }
      throw error;
    }
  };
}
