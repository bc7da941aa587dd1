import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.js';

describe('GET /api/v1/openapi.json', () => {
  let t: TestApp;
  let document: { openapi: string; paths: Record<string, Record<string, unknown>> };
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
});
