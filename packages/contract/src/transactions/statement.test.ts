import { describe, expect, it } from 'vitest';
import { statementFileName, ZStatementQuery } from './statement.js';

describe('ZStatementQuery', () => {
  const issues = (query: Record<string, unknown>) =>
    ZStatementQuery.safeParse(query).error?.issues.map((issue) => issue.path.join('.')) ?? [];

  it('takes inclusive dates up to 366 days', () => {
    expect(issues({ from: '2026-01-01', to: '2026-01-01' })).toEqual([]);
    expect(issues({ from: '2024-01-01', to: '2024-12-31' })).toEqual([]); // a leap year: 366 days
    expect(issues({ from: '2024-01-01', to: '2025-01-01' })).toEqual(['to']);
  });

  it('names the bad field', () => {
    expect(issues({ from: '2026-02-30', to: '2026-03-01' })).toEqual(['from']);
    expect(issues({ from: '2026-03-02', to: '2026-03-01' })).toEqual(['to']);
    expect(issues({ from: '2026-03-01' })).toEqual(['to']);
    expect(issues({ from: '2026-03-01', to: '2026-03-02', limit: 5 })).toEqual(['']);
  });

  it('names the file', () => {
    expect(statementFileName('2026-01-01', '2026-01-31')).toBe('statement-2026-01-01-2026-01-31.csv');
  });
});
