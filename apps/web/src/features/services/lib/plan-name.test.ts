import { describe, expect, it } from 'vitest';
import { describePlan } from './plan-name';

describe('describePlan', () => {
  it('splits size and validity', () => {
    expect(describePlan('MTN 1GB - 1 day (₦500)', 'MTN')).toEqual({ size: '1GB', validity: '1 day' });
    expect(describePlan('GLO SME 500MB - 30 days (₦150)', 'GLO SME')).toEqual({ size: '500MB', validity: '30 days' });
  });
  it('keeps an unusual name whole', () => {
    expect(describePlan('Night bundle', 'MTN')).toEqual({ size: 'Night bundle', validity: null });
  });
});
