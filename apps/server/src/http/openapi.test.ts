import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedRoles, rolesInWords } from '@agentdesk/contract/endpoint';
import { contractEndpoints, endpointKey } from '../test/contract-endpoints.js';
import { startTestApp, type TestApp } from '../test/test-app.js';

interface Operation {
  security?: Array<Record<string, string[]>>;
  description?: string;
  'x-roles'?: string[];
  requestBody?: { content: Record<string, { example?: unknown; examples?: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { example?: unknown; examples?: Record<string, unknown> }> }>;
}

/**
 * Every route the server mounted, read from Fastify's own route tree (`printRoutes`), as
 * `METHOD /path/{param}`: the document is checked against what is really served, not a list.
 */
function mountedRoutes(tree: string): string[] {
  const routes: string[] = [];
  const parents: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = path;
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.push(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return routes;
}

describe('GET /api/v1/openapi.json', () => {
  let t: TestApp;
  let document: {
    openapi: string;
    paths: Record<string, Record<string, Operation>>;
    components: { securitySchemes: Record<string, unknown> };
  };
  beforeAll(async () => {
    t = await startTestApp();
    const response = await fetch(`${t.url}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    document = (await response.json()) as typeof document;
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('lists every agent and operator endpoint, and none of the sandbox or static files', () => {
    const paths = Object.keys(document.paths);
    for (const path of [
      '/api/v1/agent/auth/login',
      '/api/v1/agent/wallet/balance',
      '/api/v1/agent/transactions',
      '/api/v1/agent/transactions/{id}',
      '/api/v1/agent/purchases',
      '/api/v1/agent/purchases/{requestId}',
      '/api/v1/agent/services',
      '/api/v1/agent/validate/meter',
      '/api/v1/admin/funding-requests/{id}/approve',
    ]) {
      expect(paths, path).toContain(path);
    }
    expect(paths.some((path) => path.startsWith('/sandbox'))).toBe(false);
    expect(document.paths['/api/v1/agent/purchases']).toHaveProperty('post');
  });

  it('documents every mounted reseller route with the API key scheme, its errors and an example', () => {
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const reseller = mountedRoutes(t.app.printRoutes({ commonPrefix: false })).filter((route) =>
      route.split(' ')[1]!.startsWith('/api/v1/reseller/'),
    );
    expect(reseller).toEqual(
      expect.arrayContaining([
        'GET /api/v1/reseller/balance',
        'GET /api/v1/reseller/services',
        'GET /api/v1/reseller/validate/meter',
        'GET /api/v1/reseller/validate/smartcard',
        'POST /api/v1/reseller/purchases',
        'GET /api/v1/reseller/purchases/{requestId}',
        'GET /api/v1/reseller/transactions',
      ]),
    );
    for (const route of reseller) {
      const [method, path] = route.split(' ') as [string, string];
      const operation = document.paths[path]?.[method.toLowerCase()];
      expect(operation, route).toBeDefined();
      expect(operation!.security, route).toEqual([{ apiKey: [] }]);
      expect(Object.keys(operation!.responses), route).toEqual(expect.arrayContaining(['4XX', '500']));
      expect(operation!.responses['4XX']!.content!['application/json']!.examples, route).toBeDefined();
      const media = [
        ...Object.values(operation!.requestBody?.content ?? {}),
        ...Object.values(operation!.responses).flatMap((response) => Object.values(response.content ?? {})),
      ];
      expect(
        media.some((entry) => entry.example !== undefined || entry.examples !== undefined),
        `${route} has an example`,
      ).toBe(true);
    }
    // The purchase body shows how to buy.
    const purchase = document.paths['/api/v1/reseller/purchases']!.post!;
    expect(Object.keys(purchase.requestBody!.content['application/json']!.examples ?? {})).toContain('airtime');
  });

  it('says of every operator operation which roles may call it (x-roles and its description), as the contract does', async () => {
    const operatorEndpoints = (await contractEndpoints()).filter(({ endpoint }) => endpoint.auth === 'operator');
    expect(operatorEndpoints.length).toBeGreaterThan(30);
    for (const { endpoint } of operatorEndpoints) {
      const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[path]?.[endpoint.method.toLowerCase()];
      expect(operation, endpointKey(endpoint)).toBeDefined();
      expect(operation!['x-roles'], endpointKey(endpoint)).toEqual(allowedRoles(endpoint.roles!));
      expect(operation!.description, endpointKey(endpoint)).toBe(
        `Roles: ${rolesInWords(endpoint.roles!)}. Any other operator is refused with 403 FORBIDDEN.`,
      );
    }
    expect(document.paths['/api/v1/admin/orders/{id}/refund']!.post!['x-roles']).toEqual(['owner', 'finance']);
    expect(document.paths['/api/v1/agent/purchases']!.post!['x-roles']).toBeUndefined();
  });
});
