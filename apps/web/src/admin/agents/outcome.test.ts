import { describe, expect, it } from 'vitest';
import { refusalText } from './outcome';

describe('the server’s whole sentence for a refusal', () => {
  it('is the message, where the first field’s short message would lose what the wallet holds', () => {
    const refused = {
      status: 409,
      data: {
        message: 'The wallet holds ₦500.00: a debit of ₦600.00 would take it below zero. Nothing was changed.',
        errors: [{ path: 'amount', message: 'At most ₦500.00' }],
      },
    };
    expect(refusalText(refused, 'fallback')).toBe(
      'The wallet holds ₦500.00: a debit of ₦600.00 would take it below zero. Nothing was changed.',
    );
  });

  it('drops a leading field name and falls back when there is no message', () => {
    expect(refusalText({ status: 422, data: { message: 'amount: Enter an amount in naira' } }, 'x')).toBe(
      'Enter an amount in naira',
    );
    expect(refusalText({ status: 'FETCH_ERROR' }, 'Network error')).toBe('Network error');
  });
});
