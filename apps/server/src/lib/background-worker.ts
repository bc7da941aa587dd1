import type { FastifyInstance } from 'fastify';

/**
 * Runs a queue in the background every `intervalMs` (0 turns it off), from the app's start to
 * its close. `runDue(limit)` claims up to `limit` rows with FOR UPDATE SKIP LOCKED and answers
 * how many it took, so every instance can run one. Rounds never overlap, and a full batch is
 * followed at once by another, so a backlog drains quickly. The first round runs once the app
 * is ready, unless `atReady` is false (work the start already did, such as a sync). `wake()`
 * starts a round now (or another right after the one running), for work that was just queued.
 */
export function startBackgroundWorker(
  app: FastifyInstance,
  worker: {
    name: string;
    intervalMs: number;
    batch?: number;
    atReady?: boolean;
    runDue: (limit: number) => Promise<number>;
  },
): { wake: () => void } {
  const BATCH = worker.batch ?? 20;
  if (worker.intervalMs <= 0) return { wake: () => undefined };
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  const tick = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while ((await worker.runDue(BATCH)) === BATCH && !closed);
        } while (again && !closed);
      } catch (error) {
        app.log.error({ err: error }, `${worker.name} round failed`);
      } finally {
        running = undefined;
      }
    })();
  };
  const timer = setInterval(tick, worker.intervalMs);
  timer.unref();
  if (worker.atReady ?? true) app.addHook('onReady', async () => tick());
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await running;
  });
  return { wake: () => (closed ? undefined : tick()) };
}
