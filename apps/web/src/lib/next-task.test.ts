import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './next-task';

describe('nextTask', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resolves after the tasks already waiting, not in the same one', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('waiting task'), 0);
    const yielded = nextTask().then(() => order.push('after the yield'));
    await Promise.resolve();
    expect(order).toEqual([]);
    await yielded;
    expect(order).toEqual(['waiting task', 'after the yield']);
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const yieldToBrowser = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldToBrowser });
    await nextTask();
    expect(yieldToBrowser).toHaveBeenCalledTimes(1);
  });
});
