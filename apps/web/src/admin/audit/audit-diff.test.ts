import { describe, expect, it } from 'vitest';
import { auditDiff } from './audit-diff';

describe('an audit row’s before and after', () => {
  it('puts the changed fields apart from the ones that stayed, in words', () => {
    const { changed, unchanged } = auditDiff(
      { username: 'ada', role: 'finance', status: 'active' },
      { username: 'ada', role: 'support', status: 'active', sessionsEnded: 2 },
    );
    expect(changed).toEqual([
      { field: 'Role', before: 'finance', after: 'support', changed: true },
      { field: 'Sessions ended', before: '—', after: '2', changed: true },
    ]);
    expect(unchanged.map((row) => row.field)).toEqual(['Username', 'Status']);
  });

  it('shows every field as new when there was nothing before, and nested fields by their path', () => {
    const { changed } = auditDiff(null, { plan: { enabled: false, price: null }, tags: ['a'] });
    expect(changed).toEqual([
      { field: 'Plan › Enabled', before: '—', after: 'no', changed: true },
      { field: 'Plan › Price', before: '—', after: 'none', changed: true },
      { field: 'Tags', before: '—', after: '["a"]', changed: true },
    ]);
  });

  it('has nothing to show when both are empty', () => {
    expect(auditDiff(null, null)).toEqual({ changed: [], unchanged: [] });
  });
});
