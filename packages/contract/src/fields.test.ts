import { describe, expect, it } from 'vitest';
import { ZLoginRequest } from './auth/login.js';
import { ZRegisterRequest } from './auth/register.js';
import { ZEmail, ZNewPassword, ZPersonName, ZUsername } from './fields.js';

describe('field schemas', () => {
  it('lower-cases and trims emails', () => {
    expect(ZEmail.parse('  Ada.Obi@Example.NG ')).toBe('ada.obi@example.ng');
    expect(ZEmail.safeParse('ada@').success).toBe(false);
  });

  it('keeps usernames to 3-30 of a-z 0-9 _ .', () => {
    expect(ZUsername.parse('Ada_Obi.2')).toBe('ada_obi.2');
    for (const bad of ['ab', 'a'.repeat(31), 'ada obi', 'ada-obi', 'аda'])
      expect(ZUsername.safeParse(bad).success, bad).toBe(false);
  });

  it('trims names and refuses control, bidi and zero-width characters', () => {
    expect(ZPersonName('First name').parse('  Ngozi ')).toBe('Ngozi');
    expect(ZPersonName('First name').parse('Chiamaka Ọlá')).toBe('Chiamaka Ọlá');
    for (const bad of ['', '   ', 'a\u0000b', 'a\u202Eb', 'a\u200Bb', 'x'.repeat(61)]) {
      expect(ZPersonName('First name').safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('bounds passwords to 8-128 characters after NFKC normalisation', () => {
    expect(ZNewPassword.safeParse('1234567').success).toBe(false);
    expect(ZNewPassword.safeParse('12345678').success).toBe(true);
    expect(ZNewPassword.safeParse('x'.repeat(128)).success).toBe(true);
    expect(ZNewPassword.safeParse('x'.repeat(129)).success).toBe(false);
    expect(ZNewPassword.parse('ﬁﬁﬁﬁﬁﬁﬁﬁ')).toBe('fifififififififi');
  });

  it('refuses unknown keys in requests', () => {
    const result = ZLoginRequest.safeParse({ identifier: 'a', password: 'b', admin: true });
    expect(result.success).toBe(false);
  });

  it('reports a password confirmation mismatch on confirmPassword', () => {
    const result = ZRegisterRequest.safeParse({
      firstName: 'A',
      lastName: 'B',
      username: 'abc',
      email: 'a@b.co',
      phone: '08031234567',
      password: 'long enough',
      confirmPassword: 'long enougH',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['confirmPassword']);
  });
});
