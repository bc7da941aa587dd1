import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock.js';
import type { UpstreamAdapter } from '../upstream/upstream.js';

export interface FloatReading {
  /** Kobo; null until a reading succeeded. */
  balance: bigint | null;
  readAt: Date | null;
  /** Why the last attempt failed, when it did (the last good reading stays). */
  lastError: string | null;
}

export interface FloatMonitor {
  /** Reads the upstream's balance now (never throws: a failure is kept in `lastError`). */
  refresh(): Promise<FloatReading>;
  last(): FloatReading;
  /** Resolves once no reading is in flight. */
  idle(): Promise<void>;
}

/**
 * The upstream float as last read, kept in this process: every instance polls on its own (a
 * call a few minutes apart each), and the overview answers the reading with its time.
 */
export function createFloatMonitor(deps: { upstream: UpstreamAdapter; clock: Clock; log: Logger }): FloatMonitor {
  let reading: FloatReading = { balance: null, readAt: null, lastError: null };
  let running: Promise<FloatReading> | undefined;
  return {
    refresh() {
      running ??= (async () => {
        try {
          const balance = await deps.upstream.balance();
          reading = { balance, readAt: deps.clock.now(), lastError: null };
        } catch (error) {
          deps.log.warn({ err: error }, 'could not read the upstream balance');
          reading = { ...reading, lastError: error instanceof Error ? error.message : String(error) };
        } finally {
          running = undefined;
        }
        return reading;
      })();
      return running;
    },
    last: () => reading,
    idle: async () => {
      await running;
    },
  };
}

/**
 * Reads the float every `intervalMs` (0 turns the poll off, as in tests, which call `refresh`),
 * first once the server listens: the built-in sandbox is reached on the server's own port.
 */
export function startFloatPoll(app: FastifyInstance, monitor: FloatMonitor, intervalMs: number): void {
  if (intervalMs <= 0) return;
  const timer = setInterval(() => void monitor.refresh(), intervalMs);
  timer.unref();
  app.addHook('onListen', async () => void monitor.refresh());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await monitor.idle();
  });
}
