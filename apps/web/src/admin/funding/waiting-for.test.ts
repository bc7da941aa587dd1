import { describe, expect, it } from 'vitest';
import { isLate, waitingFor } from './waiting-for';

const at = (iso: string) => Date.parse(iso);

describe('how long a report has waited', () => {
  it('reads in minutes, hours and days', () => {
    const since = '2026-11-25T08:00:00.000Z';
    expect(waitingFor(since, at('2026-11-25T08:00:30Z'))).toBe('less than a minute');
    expect(waitingFor(since, at('2026-11-25T08:12:00Z'))).toBe('12 min');
    expect(waitingFor(since, at('2026-11-25T10:00:00Z'))).toBe('2 h');
    expect(waitingFor(since, at('2026-11-25T10:05:59Z'))).toBe('2 h 5 min');
    expect(waitingFor(since, at('2026-11-26T08:00:00Z'))).toBe('1 day');
    expect(waitingFor(since, at('2026-11-28T11:00:00Z'))).toBe('3 days 3 h');
  });

  it('never goes negative (a clock a little behind the server) and says when it cannot tell', () => {
    expect(waitingFor('2026-11-25T08:00:00Z', at('2026-11-25T07:59:00Z'))).toBe('less than a minute');
    expect(waitingFor('not a date', Date.now())).toBe('unknown');
  });

  it('calls a report late after a day', () => {
    expect(isLate('2026-11-25T08:00:00Z', at('2026-11-26T07:59:59Z'))).toBe(false);
    expect(isLate('2026-11-25T08:00:00Z', at('2026-11-26T08:00:00Z'))).toBe(true);
  });
});
