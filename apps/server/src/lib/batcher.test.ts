import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.js';

/** A batch runner whose batches end when the test says so. */
function controlledRun() {
  const batches: number[][] = [];
  const pending: Array<() => void> = [];
  const run = (items: readonly number[]) => {
    batches.push([...items]);
    return new Promise<number[]>((resolve) => pending.push(() => resolve(items.map((item) => item * 10))));
  };
  const finishNext = async () => {
    pending.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { batches, run, finishNext };
}

describe('the batcher', () => {
  it('runs a lone item at once, and gathers what arrives meanwhile into the next batch', async () => {
    const { batches, run, finishNext } = controlledRun();
    const submit = createBatcher(run, { maxSize: 10 });
    const first = submit(1);
    expect(batches).toEqual([[1]]);
    const rest = [submit(2), submit(3), submit(4)];
    expect(batches).toEqual([[1]]);
    await finishNext();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    await finishNext();
    expect(await first).toBe(10);
    expect(await Promise.all(rest)).toEqual([20, 30, 40]);
  });

  it('caps a batch at maxSize and runs the rest after it', async () => {
    const { batches, run, finishNext } = controlledRun();
    const submit = createBatcher(run, { maxSize: 2 });
    const all = [1, 2, 3, 4, 5].map((item) => submit(item));
    await finishNext();
    await finishNext();
    await finishNext();
    expect(batches).toEqual([[1], [2, 3], [4, 5]]);
    expect(await Promise.all(all)).toEqual([10, 20, 30, 40, 50]);
  });

  it('fails every item of a failed batch and goes on with the next', async () => {
    let calls = 0;
    const submit = createBatcher(
      async (items: readonly number[]) => {
        calls++;
        if (items.includes(2)) throw new Error('batch failed');
        return items.map((item) => -item);
      },
      { maxSize: 10 },
    );
    const first = submit(1);
    const failed = [submit(2), submit(3)];
    expect(await first).toBe(-1);
    for (const item of failed) await expect(item).rejects.toThrow('batch failed');
    expect(await submit(4)).toBe(-4);
    expect(calls).toBe(3);
  });

  it('with gatherMs, waits that long for more items before a batch starts, then runs as before', async () => {
    const { batches, run, finishNext } = controlledRun();
    const submit = createBatcher(run, { maxSize: 10, gatherMs: 20 });
    const first = [submit(1), submit(2)];
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(batches).toEqual([]);
    const third = submit(3);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(batches).toEqual([[1, 2, 3]]);
    // What arrives while a batch runs goes in the next one as soon as it ends: it has waited already.
    const fourth = submit(4);
    await finishNext();
    expect(batches).toEqual([[1, 2, 3], [4]]);
    await finishNext();
    expect(await Promise.all([...first, third, fourth])).toEqual([10, 20, 30, 40]);
    // Idle again, an item waits once more.
    const fifth = submit(5);
    expect(batches).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(batches).toEqual([[1, 2, 3], [4], [5]]);
    await finishNext();
    expect(await fifth).toBe(50);
  });

  it('refuses an answer that does not match its batch', async () => {
    const submit = createBatcher(async () => [1], { maxSize: 10 });
    const first = submit(1);
    const both = [submit(2), submit(3)];
    expect(await first).toBe(1);
    for (const item of both) await expect(item).rejects.toThrow('a batch of 2 answered 1');
  });
});
