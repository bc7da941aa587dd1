import { describe, expect, it } from 'vitest';
import { NO_FILTER, isFiltered, toQuery } from './transaction-filter';

describe('the transaction filter', () => {
  it('sends nothing for no choice', () => {
    expect(toQuery(NO_FILTER)).toEqual({});
    expect(isFiltered(NO_FILTER)).toBe(false);
  });

  it('trims the search, caps it at 100 characters and keeps chosen chips', () => {
    expect(toQuery({ ...NO_FILTER, q: '  mtn  ', type: 'purchase', status: 'failed' })).toEqual({
      q: 'mtn',
      type: 'purchase',
      status: 'failed',
    });
    expect(toQuery({ ...NO_FILTER, q: 'x'.repeat(150) }).q).toHaveLength(100);
    expect(isFiltered({ ...NO_FILTER, q: '   ' })).toBe(false);
  });

  it('sends a date range only the right way round', () => {
    expect(toQuery({ ...NO_FILTER, from: '2026-11-01', to: '2026-11-22' })).toEqual({
      from: '2026-11-01',
      to: '2026-11-22',
    });
    expect(toQuery({ ...NO_FILTER, from: '2026-11-22' })).toEqual({ from: '2026-11-22' });
    expect(toQuery({ ...NO_FILTER, from: '2026-11-22', to: '2026-11-01' })).toEqual({});
  });
});
