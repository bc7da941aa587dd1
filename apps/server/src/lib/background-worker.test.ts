import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { startBackgroundWorker } from './background-worker.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('startBackgroundWorker', () => {
  it('runs a round when woken, another right after one that was woken while it ran, and none after close', async () => {
    const app = Fastify();
    const rounds: number[] = [];
    let release: () => void = () => undefined;
    let gate = Promise.resolve();
    const worker = startBackgroundWorker(app, {
      name: 'test',
      intervalMs: 60_000,
      atReady: false,
      runDue: async () => {
        rounds.push(Date.now());
        await gate;
        return 0;
      },
    });
    await app.ready();
    expect(rounds).toHaveLength(0);

    gate = new Promise<void>((resolve) => (release = resolve));
    worker.wake();
    await tick();
    expect(rounds).toHaveLength(1);
    // Work queued while the round runs: one more round once it ends, not a second at once.
    worker.wake();
    worker.wake();
    await tick();
    expect(rounds).toHaveLength(1);
    gate = Promise.resolve();
    release();
    await tick();
    expect(rounds).toHaveLength(2);

    await app.close();
    worker.wake();
    await tick();
    expect(rounds).toHaveLength(2);
  });

  it('is a no-op when turned off', async () => {
    const app = Fastify();
    let ran = 0;
    const worker = startBackgroundWorker(app, {
      name: 'off',
      intervalMs: 0,
      runDue: async () => {
        ran++;
        return 0;
      },
    });
    await app.ready();
    worker.wake();
    await tick();
    expect(ran).toBe(0);
    await app.close();
  });
});
