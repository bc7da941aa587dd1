import { describe, expect, it } from 'vitest';
import { matchPlans, planKey } from './plan-match.js';

describe('matching another upstream’s plans to ours', () => {
  it('keys a data plan by size and validity, whatever the words around them', () => {
    expect(planKey('2 GB - 30 days (SME)')).toBe('2048MB/30d');
    expect(planKey('MTN 2GB - 30 days (₦1500)')).toBe('2048MB/30d');
    expect(planKey('Airtel 1.5GB - 7 days (₦1000)')).toBe('1536MB/7d');
    expect(planKey('500 MB - 1 week')).toBe('500MB/7d');
    expect(planKey('1 GB - 1 day (Awoof)')).not.toBe(planKey('1 GB - 30 days (SME)'));
  });

  it('keys other plans by their name without prices and notes', () => {
    expect(planKey('DStv Padi N4,400')).toBe(planKey('DStv Padi - ₦4,400'));
    expect(planKey('DStv Compact Plus N30,000')).not.toBe(planKey('DStv Compact N19,000'));
  });

  it('pairs plans only where exactly one plan of each side has the key', () => {
    const theirs = [
      { code: '1000.0', name: '1 GB - 30 days (SME)' },
      { code: '2000.0', name: '2 GB - 30 days (SME)' },
      { code: '2000.1', name: '2 GB - 30 days (Gifting)' },
      { code: '7000.0', name: '7 GB - 30 days' },
    ];
    const ours = [
      { code: 'mtn-1gb-500', name: 'MTN 1GB - 30 days (₦500)' },
      { code: 'mtn-2gb-1500', name: 'MTN 2GB - 30 days (₦1500)' },
      { code: 'mtn-10gb-4500', name: 'MTN 10GB - 30 days (₦4500)' },
    ];
    // Two of theirs are 2 GB for 30 days: neither is guessed; 7 GB has no plan of ours.
    expect(Object.fromEntries(matchPlans(theirs, ours))).toEqual({ '1000.0': 'mtn-1gb-500' });
  });
});
