import { describe, expect, it } from 'vitest';
import { waitingCount } from './waiting-count';

const page = (n: number, nextCursor: string | null) => ({ data: Array.from({ length: n }), meta: { nextCursor } });

describe('the number of transfers waiting', () => {
  it('is exact when every page is loaded, and a floor when more pages remain', () => {
    expect(waitingCount(undefined)).toBe('No transfers waiting');
    expect(waitingCount([page(0, null)])).toBe('No transfers waiting');
    expect(waitingCount([page(1, null)])).toBe('1 transfer waiting');
    expect(waitingCount([page(20, 'c1'), page(3, null)])).toBe('23 transfers waiting');
    expect(waitingCount([page(20, 'c1')])).toBe('20 or more transfers waiting');
  });
});
