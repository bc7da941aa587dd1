import { z } from 'zod';

/**
 * The C0 control characters but tab, line feed and carriage return, and DEL. NUL is the reason:
 * PostgreSQL refuses it in text ("invalid byte sequence", 22021), so one that reached a query was
 * a 500; the others are never typed by a person and only ever hide what a value says.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/**
 * Every text input of the contract (body, query and path parameter) starts here: a string
 * without control characters, refused as a 422 naming the field before any other rule of the
 * field runs. It stays a `ZodString`, so the field's own rules chain after it.
 *
 * @example zText('q').trim().max(100, 'q must be at most 100 characters')
 * @example zText('Sender name', { error: 'Sender name is required' }).trim().min(2)
 */
export function zText(label: string, params?: string | z.core.$ZodStringParams): z.ZodString {
  return z.string(params).refine((value) => !hasControlCharacters(value), {
    message: `${label} must not contain control characters`,
    abort: true,
  });
}

/**
 * The calendar dates an input may name. Year 0000 is a valid ISO date that PostgreSQL refuses
 * (PGlite failed on it as a 500); from 1900 on, every four-digit year reads the same on both.
 */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '9999-12-31';

/**
 * A calendar date (`YYYY-MM-DD`; in Africa/Lagos where it bounds a range) from 1900-01-01 on,
 * refused as a 422 naming the field outside that.
 *
 * @example zDate('from').optional()
 */
export function zDate(label: string): z.ZodISODate {
  // Compared as text only once it has the date's shape: the format's own message covers the rest.
  const inRange = (value: string) => !/^\d{4}-\d{2}-\d{2}$/.test(value) || (value >= DATE_MIN && value <= DATE_MAX);
  return z.iso.date('Use a date like 2026-11-22').refine(inRange, {
    message: `${label} must be a date from ${DATE_MIN} to ${DATE_MAX}`,
    abort: true,
  });
}
