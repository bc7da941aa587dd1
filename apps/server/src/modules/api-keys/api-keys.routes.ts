import type { FastifyInstance } from 'fastify';
import { createApiKey, listApiKeys, revokeApiKey, updateApiKey } from '@agentdesk/contract/api/api-keys';
import { limit } from '../../http/rate-limits.js';
import { mountEndpoint } from '../../http/route.js';
import type { ApiKeysService } from './api-keys.service.js';

export function registerApiKeyRoutes(app: FastifyInstance, deps: { apiKeys: ApiKeysService }): void {
  const { apiKeys } = deps;
  // Five may be active, but generating and revoking in a loop is no use to anyone.
  const creations = limit(app, {
    name: 'api-key-create',
    max: 30,
    windowMs: 60 * 60_000,
    key: (request) => request.auth?.user.id ?? request.ip,
  });

  mountEndpoint(app, listApiKeys, {}, async ({ auth }) => ({ message: 'OK', data: await apiKeys.list(auth.user.id) }));

  mountEndpoint(app, createApiKey, { preHandler: [creations] }, async ({ auth }) => ({
    message: 'API key generated. Copy it now: it will not be shown again.',
    data: await apiKeys.create(auth.user.id),
  }));

  mountEndpoint(app, updateApiKey, {}, async ({ auth, params, body }) => ({
    message: 'API key updated',
    data: await apiKeys.update(auth.user.id, params.id!, body),
  }));

  mountEndpoint(app, revokeApiKey, {}, async ({ auth, params }) => ({
    message: 'API key revoked',
    data: await apiKeys.revoke(auth.user.id, params.id!),
  }));
}
