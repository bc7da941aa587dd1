import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { EndpointAuth } from '@agentdesk/contract/endpoint';
import { AppError } from '../lib/app-error.js';
import type { Authenticated } from '../modules/auth/sessions.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: Authenticated | undefined;
  }
  interface FastifyInstance {
    authenticateToken(token: string): Promise<Authenticated | undefined>;
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
 * operator token cannot act as an agent, nor an agent's as an operator.
 */
export function requireRole(role: Exclude<EndpointAuth, 'public'>): preHandlerAsyncHookHandler {
  return async function authenticate(request) {
    const token = bearerToken(request);
    const auth = token ? await this.authenticateToken(token) : undefined;
    if (!auth) throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.');
    if (auth.user.role !== role) throw new AppError('FORBIDDEN', `This account cannot use the ${role} API`);
    request.auth = auth;
  };
}
