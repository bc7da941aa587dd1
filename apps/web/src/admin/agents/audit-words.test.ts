import { describe, expect, it } from 'vitest';
import { auditWords } from './audit-words';

describe('an audit row about an agent in words', () => {
  it('names the action, and the money of a wallet adjustment', () => {
    expect(auditWords({ action: 'agent.suspend', after: { status: 'suspended' } })).toBe('Suspended the agent');
    expect(auditWords({ action: 'wallet.adjust', after: { direction: 'credit', amount: '500.00' } })).toBe(
      'Adjusted the wallet: credit of ₦500.00',
    );
    expect(auditWords({ action: 'wallet.adjust.request', after: { direction: 'debit', amount: '60000.00' } })).toBe(
      'Asked for a wallet adjustment: debit of ₦60,000.00',
    );
  });

  it('names the level an agent was moved to', () => {
    expect(
      auditWords({
        action: 'agent.price-level.change',
        after: { level: { id: '3f1c2a4e-0000-4000-8000-000000000001', name: 'Dealer' } },
      }),
    ).toBe('Moved to another price level: Dealer');
  });

  it('falls back to the action’s own name rather than hiding a row', () => {
    expect(auditWords({ action: 'catalog.sync', after: null })).toBe('catalog.sync');
  });
});
