import { describe, expect, it } from 'vitest';
import { refundOrder, requeryOrder, requeryOrders } from '@agentdesk/contract/admin/orders';
import { operatorMay } from '../session/use-operator-may';
import { bulkSummary } from './bulk-requery';
import { answerLine, pretty } from './exchange-panel';

const exchange = {
  id: 'e1',
  call: 'pay' as const,
  requestId: '202611250900abc',
  method: 'POST',
  path: 'pay',
  requestBody: { request_id: '202611250900abc', phone: '08012010000' },
  status: 200,
  responseBody: { code: '099' },
  error: null,
  verdict: 'unknown',
  code: '099',
  startedAt: '2026-11-25T08:00:00.000Z',
  durationMs: 42,
};

describe('an exchange as the order’s page shows it', () => {
  it('pretty-prints JSON, keeps text as it came and says when there is none', () => {
    expect(pretty({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(pretty('<html>busy</html>')).toBe('<html>busy</html>');
    expect(pretty(null)).toBe('(none)');
  });

  it('sums the answer up in words: status, code and reading, or what went wrong', () => {
    expect(answerLine(exchange)).toBe('HTTP 200 · 099 · no definitive answer');
    expect(answerLine({ ...exchange, verdict: 'delivered', code: '000' })).toBe('HTTP 200 · 000 · delivered');
    expect(answerLine({ ...exchange, status: null, error: 'No answer within 1000 ms' })).toBe(
      'No answer within 1000 ms',
    );
  });
});

describe('a bulk requery’s summary', () => {
  const base = { done: 12, total: 12, settled: 3, unchanged: 8, problems: 1, error: null, finished: true };
  it('says how many settled, how many are still pending and how many could not be asked about', () => {
    expect(bulkSummary(base)).toBe(
      'Asked the upstream about 12 orders. 3 orders settled now, 8 still pending, 1 could not be asked about.',
    );
    expect(bulkSummary({ ...base, total: 1, done: 1, settled: 1, unchanged: 0, problems: 0 })).toBe(
      'Asked the upstream about 1 order. 1 order settled now, 0 still pending.',
    );
  });

  it('says where it stopped and why', () => {
    expect(bulkSummary({ ...base, done: 10, settled: 2, unchanged: 8, problems: 0, error: 'You are offline' })).toBe(
      'Stopped after 10 of 12: You are offline. 2 orders settled now, 8 still pending.',
    );
  });
});

describe('what the order screens offer each role', () => {
  it('requery to every role, refund to finance and the owner only', () => {
    const roles = ['owner', 'finance', 'support'];
    expect(roles.map((role) => operatorMay(role, requeryOrder))).toEqual([true, true, true]);
    expect(roles.map((role) => operatorMay(role, requeryOrders))).toEqual([true, true, true]);
    expect(roles.map((role) => operatorMay(role, refundOrder))).toEqual([true, true, false]);
  });
});
