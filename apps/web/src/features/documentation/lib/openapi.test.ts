import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../api/get-openapi-document';
import {
  constraints,
  examplesOf,
  groupByTag,
  listOperations,
  matchesFilter,
  resolve,
  statusLabel,
  typeLabel,
  variantLabel,
  withoutNull,
  type Schema,
} from './openapi';

const DOCUMENT: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Test API' },
  tags: [{ name: 'Reseller API', description: 'With an API key' }, { name: 'Wallet' }, { name: 'Unused' }],
  paths: {
    '/orders/{id}': {
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'verbose', in: 'query', schema: { type: 'boolean' } },
      ],
      get: {
        tags: ['Reseller API'],
        summary: 'One order',
        parameters: [{ name: 'verbose', in: 'query', description: 'the operation’s own', schema: { type: 'integer' } }],
      },
      delete: { tags: ['Wallet'] },
      summary: 'not an operation',
    },
    '/balance': { post: {}, get: { tags: ['Reseller API'], summary: 'The balance' } },
    '/shared': { $ref: '#/components/pathItems/Shared' },
  },
  components: {
    pathItems: { Shared: { get: { tags: ['Elsewhere'], summary: 'From a reference' } } },
    schemas: {
      Order: { title: 'An order', type: 'object', properties: { service: { const: 'airtime' } } },
      Alias: { $ref: '#/components/schemas/Order' },
      'a/b': { type: 'string' },
    },
  },
};

describe('the operations of a document', () => {
  it('lists every operation by path, methods in their usual order, path parameters merged', () => {
    const operations = listOperations(DOCUMENT);
    expect(operations.map((entry) => entry.key)).toEqual([
      'get /orders/{id}',
      'delete /orders/{id}',
      'get /balance',
      'post /balance',
      'get /shared',
    ]);
    expect(operations[0]?.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'verbose', in: 'query', description: 'the operation’s own', schema: { type: 'integer' } },
    ]);
    expect(operations[1]?.parameters.map((parameter) => parameter.name)).toEqual(['id', 'verbose']);
    expect(operations[4]?.operation.summary).toBe('From a reference');
  });

  it('groups them under their first tag, declared tags first, untagged ones last, empty tags left out', () => {
    const groups = groupByTag(DOCUMENT, listOperations(DOCUMENT));
    expect(groups.map((group) => [group.name, group.operations.map((entry) => entry.key)])).toEqual([
      ['Reseller API', ['get /orders/{id}', 'get /balance']],
      ['Wallet', ['delete /orders/{id}']],
      ['Other', ['post /balance']],
      ['Elsewhere', ['get /shared']],
    ]);
    expect(groups[0]?.description).toBe('With an API key');
  });

  it('filters on every word typed, in method, path, summary and tag', () => {
    const [order, , balance] = listOperations(DOCUMENT);
    expect(matchesFilter(order!, 'GET orders')).toBe(true);
    expect(matchesFilter(order!, 'reseller one')).toBe(true);
    expect(matchesFilter(order!, 'get balance')).toBe(false);
    expect(matchesFilter(balance!, '  ')).toBe(true);
  });
});

describe('a schema in words', () => {
  it('follows local references, pointer escapes included, and leaves others as they are', () => {
    expect(resolve(DOCUMENT, { $ref: '#/components/schemas/Alias' })).toMatchObject({ title: 'An order' });
    expect(resolve(DOCUMENT, { $ref: '#/components/schemas/a~1b' })).toEqual({ type: 'string' });
    expect(resolve(DOCUMENT, { $ref: 'https://example.com/schema.json' })).toEqual({
      $ref: 'https://example.com/schema.json',
    });
    expect(resolve(DOCUMENT, { $ref: '#/components/schemas/Missing' })).toEqual({
      $ref: '#/components/schemas/Missing',
    });
  });

  it.each<[Schema, string]>([
    [{ type: 'string' }, 'string'],
    [{ type: ['string', 'null'] }, 'string or null'],
    [{ type: ['string', 'number', 'null'] }, 'string or number or null'],
    [{ anyOf: [{ type: 'integer' }, { type: 'null' }] }, 'integer or null'],
    [{ type: 'array', items: { type: 'object', properties: {} } }, 'array of object'],
    [{ type: 'string', enum: ['airtime'] }, '"airtime"'],
    [{ const: 5 }, '5'],
    [{ oneOf: [{ type: 'object' }, { type: 'object' }] }, 'one of 2 shapes'],
    [{ $ref: '#/components/schemas/Order' }, 'Order'],
    [{ allOf: [{ type: 'object', properties: { a: {} } }, { properties: { b: {} } }] }, 'object'],
    [{}, 'any'],
  ])('%j is "%s"', (schema, label) => {
    expect(typeLabel(DOCUMENT, schema)).toBe(label);
  });

  it('sets null aside from a choice or a list of types', () => {
    expect(withoutNull({ anyOf: [{ type: 'object', properties: { a: {} } }, { type: 'null' }] })).toEqual({
      schema: { type: 'object', properties: { a: {} } },
      nullable: true,
    });
    expect(withoutNull({ type: ['string', 'null'] })).toEqual({ schema: { type: 'string' }, nullable: true });
    expect(withoutNull({ type: 'string' })).toEqual({ schema: { type: 'string' }, nullable: false });
  });

  it('says what else a value must be, a format rather than its pattern', () => {
    expect(constraints({ type: 'integer', minimum: 1, maximum: 100, default: 20 })).toEqual([
      '1 to 100',
      'default: 20',
    ]);
    expect(constraints({ type: 'string', format: 'date', pattern: '^(a|b)$', maxLength: 10 })).toEqual([
      'format: date',
      'length at most 10',
    ]);
    expect(constraints({ type: 'string', pattern: '^\\d{10}$', minLength: 1, enum: ['a', 'b'] })).toEqual([
      'one of: "a", "b"',
      'pattern: ^\\d{10}$',
      'length at least 1',
    ]);
    expect(constraints({ type: 'array', minItems: 1, maxItems: 5 })).toEqual(['items 1 to 5']);
  });

  it('names a shape of a oneOf by the property it fixes, else its title', () => {
    expect(
      variantLabel(DOCUMENT, { type: 'object', properties: { service: { type: 'string', enum: ['data'] } } }),
    ).toBe('service: "data"');
    expect(variantLabel(DOCUMENT, { $ref: '#/components/schemas/Order' })).toBe('service: "airtime"');
    expect(variantLabel(DOCUMENT, { title: 'Plain', type: 'object', properties: { a: { type: 'string' } } })).toBe(
      'Plain',
    );
    expect(variantLabel(DOCUMENT, { type: 'object' })).toBeUndefined();
  });

  it('finds the examples of a media type, named', () => {
    expect(
      examplesOf(DOCUMENT, {
        examples: { airtime: { summary: 'Airtime', value: { a: 1 } }, example2: { value: 2 } },
      }),
    ).toEqual([
      { name: 'Airtime', value: { a: 1 } },
      { name: 'Example 2', value: 2 },
    ]);
    expect(examplesOf(DOCUMENT, { example: 'x' })).toEqual([{ name: 'Example', value: 'x' }]);
    expect(examplesOf(DOCUMENT, { schema: { examples: [1, 2] } })).toEqual([
      { name: 'Example 1', value: 1 },
      { name: 'Example 2', value: 2 },
    ]);
    expect(examplesOf(DOCUMENT, { schema: { type: 'string' } })).toEqual([]);
  });

  it('words the status ranges', () => {
    expect(statusLabel('200')).toBe('200');
    expect(statusLabel('4XX')).toBe('Any 4XX status');
    expect(statusLabel('default')).toBe('Any other status');
  });
});
