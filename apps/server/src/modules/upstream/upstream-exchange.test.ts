import { describe, expect, it } from 'vitest';
import { createRedactor, reportExchange, type UpstreamExchange } from './upstream-exchange.js';

const SECRETS = ['K3y-Secr3t', 'pa/ss"word', 'CK-USER-99'];
const redact = createRedactor(SECRETS);

/** Every string a stored body holds, keys included, read as JSON when it is JSON. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, field]) => [key, ...stringsOf(field)]);
  return [];
}

/** Whether any secret survives in a stored text, as written there or once its JSON is read. */
function leaks(stored: string): boolean {
  let read: unknown = stored;
  try {
    read = JSON.parse(stored) as unknown;
  } catch {
    // Not JSON: the text itself.
  }
  return [stored, ...stringsOf(read)].some((text) => SECRETS.some((secret) => text.includes(secret)));
}

describe('the redaction of bodies, on their text', () => {
  it('keeps a body that holds nothing to redact exactly as it came, without parsing it', () => {
    const answer =
      '{"code":"000","content":{"transactions":{"status":"delivered","unique_element":"08031234567"}},"purchased_code":"Token : 1234-5678","email":"agent@example.com"}';
    expect(redact.body(answer)).toBe(answer);
    const notJson = '<html><body>Service unavailable</body></html>';
    expect(redact.body(notJson)).toBe(notJson);
  });

  it('redacts field by field what may hold a credential, as the parsed walk does', () => {
    const samples = [
      // A field named like a credential.
      '{"api-key":"anything","nested":{"Password":"p","note":"fine"},"token":"1234"}',
      // A secret value inside a string.
      '{"note":"the key is K3y-Secr3t, again K3y-Secr3t"}',
      // A secret JSON escapes (a quote) and one written with escaped slashes, as PHP does.
      '{"a":"pa/ss\\"word"}',
      '{"b":"pa\\/ss\\"word"}',
      // A secret spelled with \u escapes.
      '{"note":"K3y-\\u0053ecr3t"}',
      // A field name spelled with \u escapes.
      '{"api\\u002dkey":"x"}',
      // Basic auth in a URL, slashes escaped.
      '{"callback":"https:\\/\\/shop:hunter2@upstream.example\\/api"}',
      // URI- and form-encoded secrets.
      '{"url":"x?u=CK-USER-99&k=pa%2Fss%22word&f=pa%2Fss%22word"}',
    ];
    for (const sample of samples) {
      const stored = redact.body(sample);
      expect(JSON.parse(stored), sample).toEqual(redact.value(JSON.parse(sample)));
      expect(leaks(stored), sample).toBe(false);
    }
    expect(JSON.parse(redact.body(samples[0]!))).toEqual({
      'api-key': '[redacted]',
      nested: { Password: '[redacted]', note: 'fine' },
      token: '1234',
    });
    // A URL's user, its slashes escaped or not, whatever the secrets are.
    const noSlashes = createRedactor(['K3y-Secr3t']);
    for (const sample of [samples[6]!, '{"callback":"https://shop:hunter2@upstream.example/api"}']) {
      expect(JSON.parse(noSlashes.body(sample)), sample).toEqual({
        callback: 'https://[redacted]@upstream.example/api',
      });
    }
  });

  it('cuts a long answer that is not JSON short, and redacts it', () => {
    const page = `<html>K3y-Secr3t ${'x'.repeat(10_000)}</html>`;
    const stored = redact.body(page);
    expect(stored).toHaveLength(8193);
    expect(stored.startsWith('<html>[redacted] xxx')).toBe(true);
    expect(stored.endsWith('…')).toBe(true);
    // A long JSON answer is kept whole.
    const long = JSON.stringify({ items: Array.from({ length: 1000 }, (_, n) => ({ n, name: `item ${n}` })) });
    expect(redact.body(long)).toBe(long);
  });
});

describe('reporting an exchange', () => {
  const exchange: UpstreamExchange = {
    call: 'pay',
    requestId: 'r1',
    method: 'POST',
    path: 'pay',
    requestBody: '{}',
    status: 200,
    responseBody: '{}',
    error: null,
    outcome: { verdict: 'delivered', code: '000' },
    startedAt: new Date(),
    durationMs: 1,
  };

  it('never waits for the observer, and never lets it throw or reject into the call', async () => {
    let seen = 0;
    expect(reportExchange(() => void seen++, exchange)).toBeUndefined();
    expect(reportExchange(() => new Promise<void>(() => seen++), exchange)).toBeUndefined();
    expect(
      reportExchange(() => {
        throw new Error('observer broke');
      }, exchange),
    ).toBeUndefined();
    expect(reportExchange(() => Promise.reject(new Error('observer failed')), exchange)).toBeUndefined();
    expect(reportExchange(undefined, exchange)).toBeUndefined();
    // A rejection it ignored would fail the run as an unhandled rejection.
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toBe(2);
  });
});
