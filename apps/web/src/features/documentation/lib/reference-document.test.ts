import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../api/get-openapi-document';
import { operationsUnder, referenceDocument } from './reference-document';

const DOCUMENT: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'AgentDesk API' },
  paths: {
    '/api/v1/agent/wallet/balance': { get: { tags: ['Wallet'] } },
    '/api/v1/agent/purchases': { post: { tags: ['Purchases'] } },
    '/api/v1/reseller/balance': { get: { tags: ['Reseller API'] } },
    '/api/v1/reseller/purchases/{requestId}': { get: { tags: ['Reseller API'] }, parameters: [] },
  },
};

describe('the document the reference shows', () => {
  it('lists the reseller API first, then the other tags as they appear', () => {
    expect(referenceDocument(DOCUMENT, 'https://agents.example.com').tags?.map((tag) => tag.name)).toEqual([
      'Reseller API',
      'Wallet',
      'Purchases',
    ]);
  });

  it('names this server as the server and keeps the paths', () => {
    const shown = referenceDocument(DOCUMENT, 'https://agents.example.com');
    expect(shown.servers).toEqual([{ url: 'https://agents.example.com' }]);
    expect(shown.paths).toBe(DOCUMENT.paths);
  });

  it('counts the operations under a prefix (not the path-level fields)', () => {
    expect(operationsUnder(DOCUMENT, '/api/v1/reseller/')).toEqual([
      'GET /api/v1/reseller/balance',
      'GET /api/v1/reseller/purchases/{requestId}',
    ]);
  });
});
