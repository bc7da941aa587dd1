import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DATE_MAX, DATE_MIN, hasControlCharacters, zDate, zText } from './text.js';

describe('zText', () => {
  const schema = zText('q').trim().max(10, 'q must be at most 10 characters');

  it('refuses NUL and the other C0 control characters and DEL, naming the field, before any other rule', () => {
    for (const bad of ['\u0000', 'a\u0000b', 'a\u0001', '\u001B[31m', 'a\u007F', 'x'.repeat(20) + '\u0000']) {
      const result = schema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['q must not contain control characters']);
    }
  });

  it('keeps tab and line breaks, and the field’s own rules', () => {
    expect(schema.parse('  a\tb\r\nc ')).toBe('a\tb\r\nc');
    expect(schema.safeParse('x'.repeat(11)).success).toBe(false);
    expect(hasControlCharacters('naïve ₦500')).toBe(false);
  });

  it('names the field in the issue path of an object', () => {
    const result = z.strictObject({ name: zText('name') }).safeParse({ name: 'a\u0000' });
    expect(result.error?.issues[0]?.path).toEqual(['name']);
  });

  it('stays a string in the JSON schema', () => {
    expect(z.toJSONSchema(zText('q').max(5))).toMatchObject({ type: 'string', maxLength: 5 });
  });
});

describe('zDate', () => {
  const schema = zDate('from');

  it(`takes calendar dates from ${DATE_MIN} to ${DATE_MAX}`, () => {
    for (const good of [DATE_MIN, '2026-11-22', '2028-02-29', DATE_MAX]) expect(schema.parse(good)).toBe(good);
  });

  it('refuses year 0000 and dates before 1900 naming the field, and non-dates as before', () => {
    for (const bad of ['0000-01-01', '0001-01-01', '1899-12-31']) {
      expect(schema.safeParse(bad).error?.issues.map((issue) => issue.message)).toEqual([
        `from must be a date from ${DATE_MIN} to ${DATE_MAX}`,
      ]);
    }
    for (const bad of ['2026-02-30', '26-11-22', '2026-11-22T00:00:00Z', '']) {
      expect(schema.safeParse(bad).error?.issues.map((issue) => issue.message)).toEqual(['Use a date like 2026-11-22']);
    }
  });
});
