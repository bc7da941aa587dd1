import { describe, expect, it } from 'vitest';
import { pollIntervalMs } from './poll-interval';

describe('the overview’s polling interval', () => {
  it('is 30 s unless the page asks for another, kept between 2 s and 10 min', () => {
    expect(pollIntervalMs('')).toBe(30_000);
    expect(pollIntervalMs('?refresh=5')).toBe(5_000);
    expect(pollIntervalMs('?refresh=0')).toBe(2_000);
    expect(pollIntervalMs('?refresh=86400')).toBe(600_000);
    expect(pollIntervalMs('?refresh=soon')).toBe(30_000);
    expect(pollIntervalMs('?refresh=-1')).toBe(30_000);
  });
});
