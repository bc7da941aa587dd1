import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { allowedRoles, rolesInWords, type OperatorAccess } from '@agentdesk/contract/endpoint';
import { AppError } from '../lib/app-error.js';
import type { ApiKeyAuthenticated } from '../modules/api-keys/api-keys.service.js';
import type { Authenticated } from '../modules/auth/sessions.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** A session (agent and operator endpoints) or an API key (reseller endpoints). */
    auth: Authenticated | ApiKeyAuthenticated | undefined;
  }
  interface FastifyInstance {
    authenticateToken(token: string): Promise<Authenticated | undefined>;
    /** The agent behind an API key used from `ip`; throws the 401 or 403 that says why not. */
    authenticateApiKey(key: string, ip: string): Promise<ApiKeyAuthenticated>;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * Resolves the bearer token to a live session and insists on the endpoint's role: an
 * operator token cannot act as an agent, nor an agent's as an operator; and an operator
 * endpoint's `roles` (the owner always) decide which operators may call it.
 */
export function requireRole(role: 'agent', access?: undefined): preHandlerAsyncHookHandler;
export function requireRole(role: 'operator', access: OperatorAccess): preHandlerAsyncHookHandler;
export function requireRole(role: 'agent' | 'operator', access?: OperatorAccess): preHandlerAsyncHookHandler {
  const allowed = access ? allowedRoles(access) : [];
  return async function authenticate(request) {
    const token = bearerToken(request);
    if (token?.startsWith(API_KEY_MARK)) {
      throw new AppError('UNAUTHENTICATED', 'API keys work only on the reseller API (/api/v1/reseller/); sign in here');
    }
    const auth = token ? await this.authenticateToken(token) : undefined;
    if (!auth) throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.');
    if (auth.user.role !== role) throw new AppError('FORBIDDEN', `This account cannot use the ${role} API`);
    if (role === 'operator') {
      const own = auth.user.operator_role;
      if (!own || !allowed.includes(own)) {
        throw new AppError(
          'FORBIDDEN',
          `This needs the ${rolesInWords(access!)} role; you are ${own ?? 'no operator'}`,
        );
      }
    }
    request.auth = auth;
  };
}

/** How every API key begins, so one sent to a session endpoint gets a message that says so. */
const API_KEY_MARK = 'adk_';

/**
 * Reseller endpoints: `Authorization: Bearer adk_...`. A missing, malformed, unknown or
 * revoked key is a 401 saying which; a key used from outside its allow-list is a 403.
 */
export function requireApiKey(): preHandlerAsyncHookHandler {
  return async function authenticateApiKey(request) {
    const key = bearerToken(request);
    if (!key) throw new AppError('UNAUTHENTICATED', 'Send your API key in the header Authorization: Bearer adk_...');
    request.auth = await this.authenticateApiKey(key, request.ip);
  };
}
