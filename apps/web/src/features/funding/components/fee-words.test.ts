import { describe, expect, it } from 'vitest';
import { feeWords } from './self-funding';

describe('feeWords', () => {
  it('says a gateway fee as an agent reads it', () => {
    expect(feeWords({ provider: 'monnify', flat: '0.00', percent: '1.50', cap: '2000.00' })).toBe(
      '1.5% (at most ₦2,000.00)',
    );
    expect(feeWords({ provider: 'paystack', flat: '50.00', percent: '1.00', cap: null })).toBe('₦50.00 + 1%');
    expect(feeWords({ provider: 'paystack', flat: '50.00', percent: '0.00', cap: '300.00' })).toBe('₦50.00');
    expect(feeWords({ provider: 'paystack', flat: '0.00', percent: '0.00', cap: null })).toBe('no fee');
  });
});
