import { describe, expect, it } from 'vitest';
import { groupToken, pollInterval } from './order-result';

describe('the order result', () => {
  it('prints a prepaid token in groups of four', () => {
    expect(groupToken('12345678901234567890')).toBe('1234 5678 9012 3456 7890');
    expect(groupToken('1234 5678 9012 3456 7890')).toBe('1234 5678 9012 3456 7890');
  });

  it('polls every 3 s at first, then backs off', () => {
    expect(pollInterval(0)).toBe(3000);
    expect(pollInterval(29_000)).toBe(3000);
    expect(pollInterval(60_000)).toBe(10_000);
    expect(pollInterval(10 * 60_000)).toBe(30_000);
  });
});
