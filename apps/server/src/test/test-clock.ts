import type { Clock } from '../lib/clock.js';

export interface TestClock extends Clock {
  advance(ms: number): void;
}

/** A clock that only moves when told to (starts at the real time, so rows sort sensibly). */
export function createTestClock(start = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
  };
}
