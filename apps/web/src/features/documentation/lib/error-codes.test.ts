import { describe, expect, it } from 'vitest';
import { ERROR_CODES, STATUS_OF } from '@agentdesk/contract/error-codes';
import { errorCodeRows } from './error-codes';

describe('the error code table', () => {
  it('has one row per code of the contract, in its order', () => {
    expect(errorCodeRows().map((row) => row.code)).toEqual([...ERROR_CODES]);
  });

  it('gives each code the HTTP status the server answers it with', () => {
    for (const row of errorCodeRows()) expect(row.status, row.code).toBe(STATUS_OF[row.code]);
    const statusOf = new Map(errorCodeRows().map((row) => [row.code, row.status]));
    expect([
      statusOf.get('VALIDATION_FAILED'),
      statusOf.get('INSUFFICIENT_FUNDS'),
      statusOf.get('RATE_LIMITED'),
    ]).toEqual([422, 402, 429]);
  });

  it('explains every code', () => {
    for (const row of errorCodeRows()) expect(row.meaning.length, row.code).toBeGreaterThan(10);
  });
});
