import { describe, expect, it } from 'vitest';
import { anyFilter, filtersFrom, searchOf } from './order-filters';

describe('the orders list’s filters in the URL', () => {
  it('reads the known filters, trimmed, and leaves out empty and unknown values', () => {
    const filters = filtersFrom(
      new URLSearchParams('q=%2008031234567%20&agent=&service=data&state=lost&from=2026-11-01&other=x'),
    );
    expect(filters).toEqual({ q: '08031234567', service: 'data', from: '2026-11-01' });
    expect(anyFilter(filters)).toBe(true);
    expect(anyFilter(filtersFrom(new URLSearchParams('')))).toBe(false);
  });

  it('writes only the filters that are set, in a stable order', () => {
    expect(searchOf({ state: 'pending', q: ' PUR-1 ', agent: '' }).toString()).toBe('q=PUR-1&state=pending');
  });
});
