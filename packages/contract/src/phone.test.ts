import { describe, expect, it } from 'vitest';
import { normalizeNigerianPhone } from './phone.js';

describe('normalizeNigerianPhone', () => {
  it.each([
    ['08031234567', '08031234567'],
    ['+2348031234567', '08031234567'],
    ['2348031234567', '08031234567'],
    ['+234 803 123 4567', '08031234567'],
    ['0803-123-4567', '08031234567'],
    ['(0703) 123.4567', '07031234567'],
    ['09161234567', '09161234567'],
    ['08111234567', '08111234567'],
  ])('reads %s as %s', (input, expected) => {
    expect(normalizeNigerianPhone(input)).toBe(expected);
  });

  it.each([
    '',
    '0803123456',
    '080312345678',
    '+44 7911 123456',
    '06031234567',
    '08231234567',
    '234803123456',
    'phone',
    '０８０３１２３４５６７',
  ])('refuses %j', (input) => {
    expect(normalizeNigerianPhone(input)).toBeNull();
  });
});
