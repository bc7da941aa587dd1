import { describe, expect, it } from 'vitest';
import { attemptFor } from './purchase-attempt';

describe('attemptFor', () => {
  const body = { service: 'airtime', network: 'mtn', phone: '08031234567', amount: '500' };

  it('gives a new purchase a new requestId', () => {
    const first = attemptFor(null, body);
    expect(first.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(attemptFor(null, body).requestId).not.toBe(first.requestId);
  });

  it('reuses the requestId when the same purchase is retried', () => {
    const first = attemptFor(null, body);
    expect(attemptFor(first, { ...body }).requestId).toBe(first.requestId);
  });

  it('starts over when anything in the purchase changed', () => {
    const first = attemptFor(null, body);
    expect(attemptFor(first, { ...body, amount: '600' }).requestId).not.toBe(first.requestId);
  });
});
