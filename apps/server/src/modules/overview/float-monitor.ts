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

const UNREAD: FloatReading = { balance: null, readAt: null, lastError: null };

export interface FloatMonitor {
  /** Reads every configured upstream's balance now (never throws: a failure is kept in `lastError`). */
  refresh(): Promise<FloatReading>;
  /** The catalogue upstream's reading (the overview's float). */
  last(): FloatReading;
  /** One upstream's reading. */
  of(upstreamId: string): FloatReading;
  /** Resolves once no reading is in flight. */
  idle(): Promise<void>;
}

/**
 * Every configured upstream's float as last read, kept in this process: every instance polls
 * on its own (a call per upstream a few minutes apart each), and the overview and the health
 * panel answer each reading with its time. After each round, `afterRead` judges the readings
 * (the low-balance alert, decision 040).
 */
export function createFloatMonitor(deps: {
  /** The upstreams to read, as configured now. */
  upstreams: () => Promise<Array<{ id: string; adapter: UpstreamAdapter }>>;
  catalogueUpstreamId: string;
  clock: Clock;
  log: Logger;
  afterRead?: (readings: ReadonlyMap<string, FloatReading>) => Promise<void>;
}): FloatMonitor {
  const readings = new Map<string, FloatReading>();
  let running: Promise<FloatReading> | undefined;

  async function readOne(id: string, adapter: UpstreamAdapter) {
    const before = readings.get(id) ?? UNREAD;
    try {
      const balance = await adapter.balance();
      readings.set(id, { balance, readAt: deps.clock.now(), lastError: null });
    } catch (error) {
      deps.log.warn({ err: error, upstream: id }, 'could not read the upstream balance');
      readings.set(id, { ...before, lastError: error instanceof Error ? error.message : String(error) });
    }
  }

  const monitor: FloatMonitor = {
    refresh() {
      running ??= (async () => {
        try {
          const upstreams = await deps.upstreams();
          await Promise.all(upstreams.map(({ id, adapter }) => readOne(id, adapter)));
          await deps.afterRead?.(readings);
        } catch (error) {
          deps.log.warn({ err: error }, 'could not read the upstream balances');
        } finally {
          running = undefined;
        }
        return monitor.last();
      })();
      return running;
    },
    last: () => monitor.of(deps.catalogueUpstreamId),
    of: (upstreamId) => readings.get(upstreamId) ?? UNREAD,
    idle: async () => {
      await running;
    },
  };
  return monitor;
}

/**
 * Reads the floats every `intervalMs` (0 turns the poll off, as in tests, which call `refresh`),
 * first once the server listens: the built-in sandboxes are reached on the server's own port.
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
