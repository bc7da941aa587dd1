import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { creditWallet, expectLedgerHealthy } from '../../test/test-money.js';
import { lagosDate, lagosDayStart } from '../dashboard/lagos-time.js';
import { csvField, defuseFormula } from './csv.js';
import { STATEMENTS_PER_MINUTE } from './statement.routes.js';
import { statementLines } from './statement.service.js';

const STATEMENT = '/api/v1/agent/transactions/statement.csv';
const HEADER = 'date,reference,description,service,recipient,type,amount,balance before,balance after,status';

/** A small RFC 4180 reader for the assertions (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += char;
  }
  return rows;
}

describe('statement CSV', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
  });
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(() => t.close());

  const download = (token: string | undefined, query: string) =>
    fetch(`${t.url}${STATEMENT}?${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('escapes cells and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    for (const danger of ['=SUM(A1)', '+2348031234567', '-1', '@cmd', '\tx', '\rx']) {
      expect(defuseFormula(danger)).toBe(`'${danger}`);
    }
    expect(defuseFormula('MTN Airtime')).toBe('MTN Airtime');
  });

  it('streams the movements of the range, oldest first, escaped, with a running balance', async () => {
    const { token, user } = await registerAgent(t);
    // Half an hour of movements, all of them today in Lagos: just after midnight, the clock
    // moves on to 00:31 first.
    const sinceMidnight = t.clock.now().getTime() - lagosDayStart(lagosDate(t.clock.now())).getTime();
    if (sinceMidnight < 31 * 60_000) t.clock.advance(31 * 60_000 - sinceMidnight);
    const now = t.clock.now();
    const today = lagosDate(now);
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
    await creditWallet(t.db, user.id, 150_050n, { now: at(30), description: 'Opening, "first" credit' });
    await creditWallet(t.db, user.id, 1n, {
      now: at(20),
      description: '=HYPERLINK("http://evil")',
      recipient: '+2348031234567',
    });
    await creditWallet(t.db, user.id, 99n, { now: at(10), description: 'two\nlines', service: '@mtn' });
    // Another agent's money never appears.
    const other = await registerAgent(t);
    await creditWallet(t.db, other.user.id, 5_000n, { now: at(15) });

    const response = await download(token, `from=${today}&to=${today}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="statement-${today}-${today}.csv"`);
    const text = await response.text();
    expect(text.startsWith(`${HEADER}\r\n`)).toBe(true);
    const [header, ...rows] = parseCsv(text);
    expect(header!.join(',')).toBe(HEADER);
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r[2])).toEqual(['Opening, "first" credit', `'=HYPERLINK("http://evil")`, 'two\nlines']);
    expect(rows[1]![4]).toBe(`'+2348031234567`);
    expect(rows[2]![3]).toBe(`'@mtn`);
    expect(rows.map((r) => r.slice(5))).toEqual([
      ['adjustment', '1500.50', '0.00', '1500.50', 'success'],
      ['adjustment', '0.01', '1500.50', '1500.51', 'success'],
      ['adjustment', '0.99', '1500.51', '1501.50', 'success'],
    ]);
    // Dates are Lagos time with the offset.
    expect(rows[0]![0]).toMatch(new RegExp(`^${today}T\\d{2}:\\d{2}:\\d{2}\\+01:00$`));
    // Totals: the amounts add up to the change in balance.
    const kobo = (naira: string) => BigInt(naira.replace('.', ''));
    const total = rows.reduce((sum, r) => sum + kobo(r[6]!), 0n);
    expect(total).toBe(kobo(rows.at(-1)![8]!) - kobo(rows[0]![7]!));
  });

  it('takes whole Lagos days: 00:30 in Lagos belongs to that day, not the UTC one before', async () => {
    const { token, user } = await registerAgent(t);
    // A day well in the past: 23:30 UTC on the 9th is 00:30 on the 10th in Lagos.
    const day = new Date(Date.UTC(2026, 0, 9, 23, 30));
    await creditWallet(t.db, user.id, 100n, { now: day, description: 'late' });
    await creditWallet(t.db, user.id, 200n, { now: new Date(Date.UTC(2026, 0, 9, 22, 30)), description: 'earlier' });
    const rowsOf = async (from: string, to: string) =>
      parseCsv(await (await download(token, `from=${from}&to=${to}`)).text()).slice(1);
    expect((await rowsOf('2026-01-10', '2026-01-10')).map((r) => r[2])).toEqual(['late']);
    expect((await rowsOf('2026-01-09', '2026-01-09')).map((r) => r[2])).toEqual(['earlier']);
    expect((await rowsOf('2026-01-01', '2026-01-31')).map((r) => r[2])).toEqual(['earlier', 'late']);
    expect(await rowsOf('2026-02-01', '2026-02-02')).toEqual([]);
  });

  it('refuses bad ranges naming the field, and strangers, in the JSON envelope', async () => {
    const { token } = await registerAgent(t);
    for (const [query, field] of [
      ['from=2026-01-01', 'to'],
      ['from=2026-13-01&to=2026-12-31', 'from'],
      ['from=2026-02-01&to=2026-01-01', 'to'],
      ['from=2025-01-01&to=2026-01-02', 'to'],
      ['from=2026-01-01&to=2026-01-02&extra=1', 'extra'],
    ] as const) {
      const response = await download(token, query);
      expect(response.status, query).toBe(422);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      const body = (await response.json()) as { code: string; errors: Array<{ path: string }> };
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.errors[0]!.path).toBe(field);
    }
    // 366 days (inclusive) is the most one statement covers.
    expect((await download(token, 'from=2025-01-01&to=2026-01-01')).status).toBe(200);
    expect((await download(token, 'from=2024-12-31&to=2026-01-01')).status).toBe(422);
    expect((await download(undefined, 'from=2026-01-01&to=2026-01-02')).status).toBe(401);
    const operator = await t.request('GET', `${STATEMENT}?from=2026-01-01&to=2026-01-02`, { token: 'nonsense' });
    expect(operator.status).toBe(401);
    expect(operator.body.code).toBe('UNAUTHENTICATED');
  });

  it('streams thousands of rows in batches, in order, with ties on time across a batch boundary', async () => {
    const { token, user } = await registerAgent(t);
    const base = new Date(Date.UTC(2025, 5, 1, 12));
    // Imported history rows (no ledger entry), 2,500 of them, every 7 sharing one instant.
    await t.db.query(
      `INSERT INTO wallet_transactions (user_id, ref, type, status, direction, amount, balance_before, balance_after,
         name, description, created_at, updated_at)
       SELECT $1, 'IMP' || $2::text || '-' || lpad(g::text, 5, '0'), 'adjustment', 'success', 'credit', 100,
              (g - 1) * 100, g * 100, 'Imported', 'Imported ' || g,
              $3::timestamptz + (g / 7) * interval '1 second', $3::timestamptz
       FROM generate_series(1, 2500) AS g`,
      [user.id, user.id.slice(0, 8), base],
    );
    const chunks: string[] = [];
    for await (const chunk of statementLines(t.db, { userId: user.id, from: '2025-06-01', to: '2025-06-01' })) {
      chunks.push(chunk);
    }
    // The header, then one chunk per query of 1,000 rows.
    expect(chunks).toHaveLength(4);
    const small: string[] = [];
    for await (const chunk of statementLines(t.db, {
      userId: user.id,
      from: '2025-06-01',
      to: '2025-06-01',
      batchSize: 10,
    })) {
      small.push(chunk);
    }
    expect(small.join('')).toBe(chunks.join(''));

    const response = await download(token, 'from=2025-06-01&to=2025-06-01');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBeNull();
    const rows = parseCsv(await response.text()).slice(1);
    expect(rows).toHaveLength(2500);
    const numbers = rows.map((r) => Number(r[2]!.replace('Imported ', '')));
    expect(new Set(numbers).size).toBe(2500);
    // Oldest first: the balance after each row is the next row's balance before.
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i]![0]! >= rows[i - 1]![0]!).toBe(true);
    }
    const total = rows.reduce((sum, r) => sum + Number(r[6]!.replace('.', '')), 0);
    expect(total).toBe(250_000);
  });

  it('is described in the OpenAPI document as text/csv', async () => {
    const document = (await (await fetch(`${t.url}/api/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, unknown> }> }>>;
    };
    const operation = document.paths[STATEMENT]!.get!;
    expect(Object.keys(operation.responses['200']!.content)).toEqual(['text/csv']);
    expect(Object.keys(operation.responses['422']?.content ?? operation.responses['4XX']?.content ?? {})).toContain(
      'application/json',
    );
  });

  it('limits statements per agent per minute', async () => {
    const { token } = await registerAgent(t);
    const statuses = [];
    for (let i = 0; i < STATEMENTS_PER_MINUTE; i++) {
      const response = await download(token, 'from=2026-01-01&to=2026-01-02');
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses).toEqual(Array(STATEMENTS_PER_MINUTE).fill(200));
    const refused = await download(token, 'from=2026-01-01&to=2026-01-02');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refused.json()) as { code: string }).code).toBe('RATE_LIMITED');
  });
});
