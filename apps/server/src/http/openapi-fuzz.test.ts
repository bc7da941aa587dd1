import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent, startTestApp, type TestApp } from '../test/test-app.js';
import { operatorToken } from '../test/test-operator.js';

/** The parts of the OpenAPI document the fuzzer reads. */
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  examples?: unknown[];
  example?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
}
/** One generated request: path params, query and body. */
interface Generated {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}
interface Operation {
  security?: Array<Record<string, unknown>>;
  parameters?: Array<{ name: string; in: 'path' | 'query' | 'header'; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
type Document = { paths: Record<string, Record<string, Operation>> };

/** Values an attacker or a broken client sends: NUL, encodings, huge numbers, odd dates, wrong types. */
const hostileText = fc.oneof(
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '\u0000',
      'a\u0000b',
      '%00',
      '%ZZ',
      '0000-01-01',
      '9999-12-31',
      '2026-02-30',
      '-1',
      '0',
      '1e309',
      'NaN',
      '99999999999999999999999',
      '0.001',
      '../../etc/passwd',
      "' OR 1=1 --",
      '<script>alert(1)</script>',
      '\uD800',
      '𝒜𝒷𝒸',
      ' ',
      '',
      'x'.repeat(5000),
    ),
  },
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: hostileText },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileText, { maxKeys: 3 }),
);

/** A body shaped like the schema (its property names), with hostile values, or anything at all. */
function bodyFor(schema: Schema | undefined): fc.Arbitrary<unknown> {
  const variants = (schema?.anyOf ?? schema?.oneOf ?? (schema ? [schema] : [])).filter((s) => s.properties);
  const shaped = variants.map((variant) => {
    const fields = Object.entries(variant.properties!).map(([name, property]) => {
      const value =
        property.enum && property.enum.length > 0
          ? fc.oneof(fc.constantFrom(...property.enum), hostileValue)
          : hostileValue;
      return [name, value] as const;
    });
    // Every field present, or any of them missing.
    return fc.oneof(
      { weight: 3, arbitrary: fc.record(Object.fromEntries(fields)) },
      { weight: 1, arbitrary: fc.record(Object.fromEntries(fields), { requiredKeys: [] }) },
    );
  });
  return fc.oneof(
    ...shaped.map((arbitrary) => ({ weight: 6, arbitrary })),
    { weight: 1, arbitrary: hostileValue },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );
}

/** A generated value as it travels in a path or a query string. */
const textOf = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return `${value}`;
  return JSON.stringify(value);
};

/** Every answer under /api is the envelope: `{ message, data }` on success, `{ message, code }` on error. */
function isEnvelope(status: number, body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const envelope = body as Record<string, unknown>;
  if (typeof envelope.message !== 'string') return false;
  return status < 400 ? 'data' in envelope : typeof envelope.code === 'string';
}

/** Plausible values by field name, so that one hostile field among valid ones reaches what validation lets through. */
const PLAUSIBLE: Record<string, unknown> = {
  identifier: 'demo',
  password: 'Password#2026',
  phone: '08031234567',
  email: 'fuzz@example.com',
  amount: '100',
  network: 'mtn',
  requestId: 'fuzz-request-0001',
  meter_number: '1111111111111',
  meter_type: 'prepaid',
  disco_name: 'ikeja-electric',
  smartcard_number: '1212121212',
  provider: 'dstv',
  profile_id: '0123456789',
  variation_code: 'utme',
  category: 'data',
  limit: '10',
  from: '2026-01-01',
  to: '2026-12-31',
  q: 'mtn',
  name: 'Fuzz',
  reason: 'A reason',
  code: '123456',
};

function plausible(name: string, schema: Schema | undefined): unknown {
  return schema?.examples?.[0] ?? schema?.example ?? schema?.enum?.[0] ?? PLAUSIBLE[name];
}

describe('every endpoint of the OpenAPI document, fuzzed', () => {
  let t: TestApp;
  let document: Document;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp({
      env: { AUTH_IP_LIMIT_PER_MINUTE: '100000', RESELLER_RATE_LIMIT_PER_MINUTE: '100000' },
    });
    tokens.operator = await operatorToken(t);
    await t.request('POST', '/api/v1/admin/catalog/sync', { token: tokens.operator });
    tokens.agent = (await registerAgent(t)).token;
    const key = await t.request('POST', '/api/v1/agent/api/keys', { token: tokens.agent });
    tokens.apiKey = key.body.data.secret as string;
    document = (await (await fetch(`${t.url}/api/v1/openapi.json`)).json()) as Document;
  }, 60_000);
  afterAll(() => t.close());

  /** The endpoints, each with the credential it takes: agents' bearer tokens go to agent and operator routes alike. */
  function endpoints() {
    return Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
    );
  }

  function credentialFor(path: string, operation: Operation): Record<string, string> {
    if (!operation.security || operation.security.length === 0) return {};
    if (operation.security.some((scheme) => 'apiKey' in scheme)) return { authorization: `Bearer ${tokens.apiKey!}` };
    const token = path.startsWith('/api/v1/admin/') ? tokens.operator : tokens.agent;
    return { authorization: `Bearer ${token}` };
  }

  /** Generated requests for one endpoint: every field hostile, or one hostile field among plausible ones. */
  function requestsFor(operation: Operation): fc.Arbitrary<Generated> {
    const parameters = operation.parameters ?? [];
    const params = parameters.filter((p) => p.in === 'path');
    const queries = parameters.filter((p) => p.in === 'query');
    const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
    const variants = bodySchema?.anyOf ?? bodySchema?.oneOf ?? (bodySchema ? [bodySchema] : []);
    const bodyFields = Object.entries(variants.find((variant) => variant.properties)?.properties ?? {}).map(
      ([name, schema]) => ({ name, schema }),
    );
    const hostileRecord = (list: Array<{ name: string }>) =>
      fc.record(Object.fromEntries(list.map((p) => [p.name, hostileText])));
    const allHostile: fc.Arbitrary<Generated> = fc.record({
      params: hostileRecord(params),
      query: fc.oneof(
        hostileRecord(queries),
        fc.record(Object.fromEntries(queries.map((p) => [p.name, hostileText])), { requiredKeys: [] }),
      ),
      body: bodySchema ? bodyFor(bodySchema) : fc.constant(undefined),
    });
    const fields = [
      ...params.map((p) => ({ part: 'params' as const, name: p.name })),
      ...queries.map((p) => ({ part: 'query' as const, name: p.name })),
      ...bodyFields.map((p) => ({ part: 'body' as const, name: p.name })),
    ];
    if (fields.length === 0) return allHostile;
    const plausibleOf = (list: Array<{ name: string; schema?: Schema }>) =>
      Object.fromEntries(
        list.flatMap((p) => {
          const value = plausible(p.name, p.schema);
          return value === undefined ? [] : [[p.name, value] as const];
        }),
      );
    const oneHostile = fc.tuple(fc.constantFrom(...fields), hostileValue).map(([field, value]): Generated => {
      const generated: Generated = {
        params: { ...Object.fromEntries(params.map((p) => [p.name, 'x'])), ...plausibleOf(params) },
        query: plausibleOf(queries),
        body: bodySchema ? plausibleOf(bodyFields) : undefined,
      };
      if (field.part === 'body') generated.body = { ...(generated.body as object), [field.name]: value };
      else generated[field.part][field.name] = textOf(value);
      return generated;
    });
    return fc.oneof(allHostile, { weight: 2, arbitrary: oneHostile });
  }

  it('answers every generated request with a 4xx or a success, always in the envelope, never a 5xx', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const { path, method, operation } of endpoints()) {
      // Signing out or changing the password would end the fuzzer's own session.
      if (path.endsWith('/auth/logout') || path.endsWith('/change-password')) continue;
      await fc
        .assert(
          fc.asyncProperty(requestsFor(operation), async ({ params, query, body }) => {
            const url = new URL(
              path.replace(/\{(\w+)\}/g, (_whole, name: string) => encodeURIComponent(textOf(params[name]))),
              t.url,
            );
            for (const [name, value] of Object.entries(query)) url.searchParams.set(name, textOf(value));
            const response = await fetch(url, {
              method,
              headers: {
                ...credentialFor(path, operation),
                ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
              },
              ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
            });
            sent++;
            const type = response.headers.get('content-type') ?? '';
            const text = await response.text();
            // A CSV statement is the one success that is not JSON.
            const csv = response.status === 200 && /text\/csv/.test(type);
            const json = /json/.test(type) ? (JSON.parse(text) as unknown) : text;
            if (response.status >= 500 || (!csv && !isEnvelope(response.status, json))) {
              failures.push(
                `${method} ${url.pathname}${url.search} ${JSON.stringify(body)?.slice(0, 120)} → ${response.status} ${text.slice(0, 160)}`,
              );
              return false;
            }
            return true;
          }),
          { numRuns: 50, seed: 2026, endOnFailure: true },
        )
        .catch(() => undefined);
    }
    expect(sent).toBeGreaterThan(2000);
    expect(failures).toEqual([]);
  }, 600_000);
});
