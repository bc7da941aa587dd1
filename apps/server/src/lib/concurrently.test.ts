import { describe, expect, it } from 'vitest';
import { forEachConcurrently } from './concurrently.js';

describe('forEachConcurrently', () => {
  it('runs every item, never more than the limit at once, and as many as it allows', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await forEachConcurrently(
      Array.from({ length: 50 }, (_, i) => i),
      7,
      async (item) => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 1 + (item % 3)));
        done.push(item);
        running--;
      },
    );
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(most).toBe(7);
  });

  it('does nothing for no items, and one lane for a limit below one', async () => {
    let calls = 0;
    await forEachConcurrently([], 5, async () => void calls++);
    expect(calls).toBe(0);
    await forEachConcurrently([1, 2, 3], 0, async () => void calls++);
    expect(calls).toBe(3);
  });
});
