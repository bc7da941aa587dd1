import type { OpenApiDocument } from '../api/get-openapi-document';

/**
 * The parts of an OpenAPI 3.1 document the reference shows, read loosely: the document is
 * generated from the contract (no `$ref` today), but any valid document must render, so
 * every field is optional and references are followed wherever OpenAPI allows them.
 */
export interface Schema {
  $ref?: string;
  title?: string;
  description?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  deprecated?: boolean;
  example?: unknown;
  examples?: unknown[];
}

export interface MediaType {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, { $ref?: string; summary?: string; value?: unknown }>;
}

export interface Parameter {
  $ref?: string;
  name: string;
  in: string;
  required?: boolean;
  deprecated?: boolean;
  description?: string;
  schema?: Schema;
  example?: unknown;
}

export interface RequestBody {
  $ref?: string;
  description?: string;
  required?: boolean;
  content?: Record<string, MediaType>;
}

export interface Response {
  $ref?: string;
  description?: string;
  content?: Record<string, MediaType>;
}

export interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  parameters?: Parameter[];
  requestBody?: RequestBody;
  responses?: Record<string, Response>;
  security?: Record<string, string[]>[];
}

interface PathItem {
  $ref?: string;
  parameters?: Parameter[];
  [method: string]: unknown;
}

export interface OperationEntry {
  /** `get /api/v1/reseller/balance`: unique in a document. */
  key: string;
  method: string;
  path: string;
  operation: Operation;
  /** The path's parameters and the operation's, the operation's winning on the same name and place. */
  parameters: Parameter[];
}

export interface TagGroup {
  name: string;
  description?: string;
  operations: OperationEntry[];
}

export const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'options', 'head', 'trace'] as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Follows a local `$ref` (`#/components/schemas/Order`), reference after reference; an
 * outside or broken one answers the object as it is, so the page shows what it can.
 */
export function resolve<T extends { $ref?: string }>(document: OpenApiDocument, value: T): T {
  let current: unknown = value;
  for (let hops = 0; hops < 16 && isObject(current) && typeof current.$ref === 'string'; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) break;
    let target: unknown = document;
    for (const part of ref.slice(2).split('/')) {
      const key = decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~');
      target = isObject(target) ? target[key] : undefined;
    }
    if (!isObject(target)) break;
    current = target;
  }
  return current as T;
}

/** The last part of a reference's pointer: the name a schema is known by (`Order`). */
export function refName(schema: Schema): string | undefined {
  return schema.$ref?.split('/').pop();
}

/** Every operation, in the document's order of paths and the usual order of methods. */
export function listOperations(document: OpenApiDocument): OperationEntry[] {
  return Object.entries(document.paths).flatMap(([path, raw]) => {
    if (!isObject(raw)) return [];
    const item = resolve(document, raw as PathItem);
    const shared = (item.parameters ?? []).map((parameter) => resolve(document, parameter));
    return METHODS.filter((method) => isObject(item[method])).map((method) => {
      const operation = item[method] as Operation;
      const own = (operation.parameters ?? []).map((parameter) => resolve(document, parameter));
      const overridden = (parameter: Parameter) =>
        own.some((mine) => mine.name === parameter.name && mine.in === parameter.in);
      return {
        key: `${method} ${path}`,
        method,
        path,
        operation,
        parameters: [...shared.filter((parameter) => !overridden(parameter)), ...own],
      };
    });
  });
}

/**
 * Operations under their first tag, tags in the document's order (the reseller API first,
 * see reference-document.ts), then any tag it does not declare, then the untagged ones.
 */
export function groupByTag(document: OpenApiDocument, operations: OperationEntry[]): TagGroup[] {
  const groups = new Map<string, TagGroup>();
  for (const tag of document.tags ?? []) {
    const description = typeof tag.description === 'string' ? tag.description : undefined;
    groups.set(tag.name, { name: tag.name, description, operations: [] });
  }
  for (const entry of operations) {
    const name = entry.operation.tags?.[0] ?? 'Other';
    const group = groups.get(name) ?? { name, operations: [] };
    group.operations.push(entry);
    groups.set(name, group);
  }
  return [...groups.values()].filter((group) => group.operations.length > 0);
}

/** Whether an operation matches every word typed, in its method, path, summary or tag. */
export function matchesFilter(entry: OperationEntry, filter: string): boolean {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const text = [entry.method, entry.path, entry.operation.summary ?? '', ...(entry.operation.tags ?? [])]
    .join(' ')
    .toLowerCase();
  return words.every((word) => text.includes(word));
}

const isNull = (schema: Schema) => schema.type === 'null' || (schema.enum?.length === 1 && schema.enum[0] === null);

/**
 * A schema without the `null` it may allow (`anyOf: [X, {type: null}]`, `type: [X, 'null']`),
 * and whether it did: "X or null" reads better than a choice of two shapes.
 */
export function withoutNull(schema: Schema): { schema: Schema; nullable: boolean } {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.some(isNull)) {
    const rest = choices.filter((choice) => !isNull(choice));
    if (rest.length === 1 && rest[0]) {
      const { anyOf: _anyOf, oneOf: _oneOf, ...own } = schema;
      return { schema: { ...own, ...rest[0] }, nullable: true };
    }
    return { schema: { ...schema, ...(schema.anyOf ? { anyOf: rest } : { oneOf: rest }) }, nullable: true };
  }
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const types = schema.type.filter((type) => type !== 'null');
    return { schema: { ...schema, type: types.length === 1 ? types[0] : types }, nullable: true };
  }
  return { schema, nullable: schema.nullable === true };
}

/** An `allOf` of objects as one object (what a reader needs), other schemas as they are. */
export function mergeAllOf(document: OpenApiDocument, schema: Schema): Schema {
  if (!schema.allOf) return schema;
  const parts = schema.allOf.map((part) => mergeAllOf(document, resolve(document, part)));
  if (!parts.every((part) => part.type === 'object' || part.properties)) return schema;
  const { allOf: _allOf, ...own } = schema;
  return parts.reduce<Schema>(
    (merged, part) => ({
      ...part,
      ...merged,
      type: 'object',
      properties: { ...part.properties, ...merged.properties },
      required: [...(merged.required ?? []), ...(part.required ?? [])],
    }),
    own,
  );
}

const literal = (value: unknown) => JSON.stringify(value) ?? String(value);

/** The type of a schema in a few words: `string`, `integer or null`, `array of object`, `"airtime"`. */
export function typeLabel(document: OpenApiDocument, raw: Schema, depth = 0): string {
  const name = refName(raw);
  const { schema: plain, nullable } = withoutNull(mergeAllOf(document, resolve(document, raw)));
  const orNull = nullable ? ' or null' : '';
  if (depth > 4) return `${name ?? 'schema'}${orNull}`;
  if (plain.const !== undefined) return `${literal(plain.const)}${orNull}`;
  if (plain.enum?.length === 1) return `${literal(plain.enum[0])}${orNull}`;
  const choices = plain.oneOf ?? plain.anyOf;
  if (choices) return `${plain.oneOf ? 'one of' : 'any of'} ${choices.length} shapes${orNull}`;
  if (plain.allOf) return `all of ${plain.allOf.length} schemas${orNull}`;
  const types = Array.isArray(plain.type) ? plain.type : plain.type ? [plain.type] : [];
  const named = (type: string) =>
    type === 'array'
      ? `array of ${plain.items ? typeLabel(document, plain.items, depth + 1) : 'any'}`
      : type === 'object' && name
        ? name
        : type;
  if (types.length === 0) return plain.properties ? `${name ?? 'object'}${orNull}` : `any${orNull}`;
  const words = types.map(named);
  const listed = words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? 'any');
  return `${listed}${orNull}`;
}

/** What a value must also be, as short phrases: `format: date`, `1 to 100`, `length 8 to 64`, `default: 20`. */
export function constraints(schema: Schema): string[] {
  const phrases: string[] = [];
  if (schema.enum && schema.enum.length > 1) phrases.push(`one of: ${schema.enum.map(literal).join(', ')}`);
  if (schema.format) phrases.push(`format: ${schema.format}`);
  // A format says it better than its regular expression (a date's is four lines long).
  else if (schema.pattern) phrases.push(`pattern: ${schema.pattern}`);
  const range = (low: number | undefined, high: number | undefined, unit: string) => {
    if (low !== undefined && high !== undefined) phrases.push(`${unit}${low} to ${high}`);
    else if (low !== undefined) phrases.push(`${unit}at least ${low}`);
    else if (high !== undefined) phrases.push(`${unit}at most ${high}`);
  };
  range(schema.minimum, schema.maximum, '');
  if (schema.exclusiveMinimum !== undefined) phrases.push(`more than ${schema.exclusiveMinimum}`);
  if (schema.exclusiveMaximum !== undefined) phrases.push(`less than ${schema.exclusiveMaximum}`);
  range(schema.minLength, schema.maxLength, 'length ');
  range(schema.minItems, schema.maxItems, 'items ');
  if (schema.default !== undefined) phrases.push(`default: ${literal(schema.default)}`);
  return phrases;
}

/**
 * What tells one shape of a `oneOf` from the others: the property it fixes to one value
 * (`service: "airtime"`), else its title or the name it is referenced by.
 */
export function variantLabel(document: OpenApiDocument, raw: Schema): string | undefined {
  const schema = resolve(document, raw);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const resolved = resolve(document, property);
    const fixed = resolved.const !== undefined ? [resolved.const] : resolved.enum?.length === 1 ? resolved.enum : [];
    if (fixed.length === 1) return `${name}: ${literal(fixed[0])}`;
  }
  return schema.title ?? refName(raw);
}

/** The examples of a parameter's or a body's media type, each with the name to show it under. */
export function examplesOf(document: OpenApiDocument, media: MediaType): { name: string; value: unknown }[] {
  if (media.examples && Object.keys(media.examples).length > 0) {
    return Object.entries(media.examples).map(([key, raw]) => {
      const example = resolve(document, raw);
      // `example1` is what a generator names an example it was given no name for.
      return { name: example.summary ?? key.replace(/^example(\d+)$/, 'Example $1'), value: example.value };
    });
  }
  if (media.example !== undefined) return [{ name: 'Example', value: media.example }];
  const schema = media.schema ? resolve(document, media.schema) : undefined;
  if (schema?.examples?.length) return schema.examples.map((value, index) => ({ name: `Example ${index + 1}`, value }));
  if (schema?.example !== undefined) return [{ name: 'Example', value: schema.example }];
  return [];
}

/** A response code in words for the ranges OpenAPI allows (`4XX`) and the one for everything else. */
export function statusLabel(code: string): string {
  if (code === 'default') return 'Any other status';
  return /^[1-5]XX$/i.test(code) ? `Any ${code.toUpperCase()} status` : code;
}
