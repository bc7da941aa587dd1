import { describe, expect, it } from 'vitest';
import { describeRule, referralLink } from './referral-link';

describe('referralLink', () => {
  it('joins the origin, the base path and register?ref=CODE', () => {
    expect(referralLink('ADA12345', 'https://topup.ng', '/')).toBe('https://topup.ng/register?ref=ADA12345');
    expect(referralLink('ADA12345', 'https://topup.ng', '/agents')).toBe(
      'https://topup.ng/agents/register?ref=ADA12345',
    );
  });
});

describe('describeRule', () => {
  it('says each part of the rule that is on', () => {
    expect(describeRule({ fundingBonus: '500.00', marginPercent: '0', marginPurchases: 0 })).toBe(
      'You earn ₦500.00 when an agent you referred has their first funding credited.',
    );
    expect(describeRule({ fundingBonus: '0.00', marginPercent: '2.5', marginPurchases: 10 })).toBe(
      'You earn 2.5% of their margin on their first 10 purchases.',
    );
    expect(describeRule({ fundingBonus: '250.00', marginPercent: '10', marginPurchases: 1 })).toBe(
      'You earn ₦250.00 when an agent you referred has their first funding credited, and 10% of their margin on their first purchase.',
    );
  });

  it('says when no bonus is paid', () => {
    expect(describeRule({ fundingBonus: '0.00', marginPercent: '10', marginPurchases: 0 })).toMatch(/paused/);
  });
});
