import { describe, expect, it } from 'vitest';
import { ZRegisterRequest } from '@agentdesk/contract/auth/register';
import { ZLoginRequest } from '@agentdesk/contract/auth/login';
import { validate } from './validate';

describe('validate with the contract schemas', () => {
  it('gives the first message of each field', () => {
    const result = validate(ZLoginRequest, { identifier: '  ', password: '' });
    expect(result).toEqual({
      success: false,
      errors: { identifier: 'Email, username or phone is required', password: 'Password is required' },
    });
  });

  it('returns the normalised data the server expects', () => {
    const result = validate(ZRegisterRequest, {
      firstName: 'Ada',
      lastName: 'Obi',
      username: 'AdaObi',
      email: 'ADA@example.com',
      phone: '+234 803 123 4567',
      password: 'longenough',
      confirmPassword: 'longenough',
      referralCode: '',
    });
    expect(result.success && result.data).toMatchObject({
      username: 'adaobi',
      email: 'ada@example.com',
      phone: '08031234567',
    });
  });

  it('reports a confirmation that does not match on the confirmation field', () => {
    const result = validate(ZRegisterRequest, {
      firstName: 'Ada',
      lastName: 'Obi',
      username: 'adaobi',
      email: 'ada@example.com',
      phone: '08031234567',
      password: 'longenough',
      confirmPassword: 'different1',
    });
    expect(result.success ? null : result.errors.confirmPassword).toBe('Passwords do not match');
  });
});
