import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  allowedRoles,
  rolesInWords,
  type Endpoint,
  type EndpointParsedBody,
  type EndpointParsedQuery,
} from '@agentdesk/contract/endpoint';
import { listEnvelope, successEnvelope, ZErrorBody } from '@agentdesk/contract/envelope';
import type { ApiKeyAuthenticated } from '../modules/api-keys/api-keys.service.js';
import { operatorActor, type AuditActor } from '../modules/audit/audit-actor.js';
import type { Authenticated } from '../modules/auth/sessions.service.js';
import { requireApiKey, requireRole } from './authenticate.js';

export interface RouteContext<E extends Endpoint> {
  body: EndpointParsedBody<E>;
  query: EndpointParsedQuery<E>;
  params: Record<string, string>;
  /** Set on every endpoint whose `auth` is not 'public': the session, or the API key and its agent. */
  auth: E['auth'] extends 'public' ? undefined : E['auth'] extends 'apiKey' ? ApiKeyAuthenticated : Authenticated;
  /** Operator endpoints: who is acting, with their role, address and user agent (the audit log's). */
  actor: E['auth'] extends 'operator' ? AuditActor : undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteResult<E extends Endpoint> {
  message: string;
  data: z.input<E['data']>;
  /** Overrides the endpoint's success status (health answers 503 with the same body). */
  status?: number;
  /** Lists (`paginated` endpoints): where the next page starts. */
  meta?: { nextCursor: string | null };
}

/** The success envelope of an endpoint; examples of its `data` become examples of the whole answer (OpenAPI). */
function answerSchema(endpoint: Endpoint): z.ZodType {
  const envelope = endpoint.paginated ? listEnvelope(endpoint.data) : successEnvelope(endpoint.data);
  const examples = endpoint.data.meta()?.examples as unknown[] | undefined;
  if (!examples?.length) return envelope;
  const meta = endpoint.paginated ? { meta: { nextCursor: null } } : {};
  return envelope.meta({ examples: examples.map((data) => ({ message: 'OK', data, ...meta })) });
}

/** The errors a reseller client meets most, as examples of the error envelope in the OpenAPI document. */
const API_KEY_ERRORS = ZErrorBody.meta({
  examples: [
    { message: 'This API key has been revoked', code: 'UNAUTHENTICATED' },
    {
      message: 'phone: Enter a Nigerian mobile number, like 08031234567',
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'phone', message: 'Enter a Nigerian mobile number, like 08031234567' }],
    },
    { message: 'Too many attempts. Try again in 42 seconds.', code: 'RATE_LIMITED' },
  ],
});

/** What the OpenAPI document says of an operator operation: the roles that may call it. */
export function operatorRolesDoc(endpoint: Pick<Endpoint, 'auth' | 'roles'>): Record<string, unknown> {
  if (endpoint.auth !== 'operator' || !endpoint.roles) return {};
  return {
    description: `Roles: ${rolesInWords(endpoint.roles)}. Any other operator is refused with 403 FORBIDDEN.`,
    'x-roles': allowedRoles(endpoint.roles),
  };
}

/**
 * Mounts a contract endpoint: the role is enforced first (for operators, the roles the
 * endpoint declares: the one place they are checked), then zod validates the input, then
 * rate limits run, then the handler; the answer is validated and wrapped in the envelope.
 * Handlers stay one call deep.
 */
export function mountEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: { preHandler?: preHandlerAsyncHookHandler[]; bodyLimit?: number },
  handler: (context: RouteContext<E>) => Promise<RouteResult<E>>,
): void {
  const status = endpoint.status ?? 200;
  // The contract's type requires roles of every operator endpoint; this catches one typed loosely.
  if (endpoint.auth === 'operator' && !Array.isArray(endpoint.roles)) {
    throw new Error(`${endpoint.method} ${endpoint.path} is an operator endpoint without roles`);
  }
  const guards =
    endpoint.auth === 'public'
      ? []
      : endpoint.auth === 'apiKey'
        ? [requireApiKey()]
        : endpoint.auth === 'operator'
          ? [requireRole('operator', endpoint.roles!)]
          : [requireRole('agent')];
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    schema: {
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...operatorRolesDoc(endpoint),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      // The success status, and 200 for answers that replay an earlier one (an idempotent retry).
      response: {
        ...Object.fromEntries([status, 200].map((code) => [code, answerSchema(endpoint)])),
        // Every error is the one envelope: documented, and checked on the way out. (Only 500:
        // health answers 503 with its usual body, for the people reading it.)
        '4xx': endpoint.auth === 'apiKey' ? API_KEY_ERRORS : ZErrorBody,
        500: ZErrorBody,
      },
      ...(endpoint.auth === 'public'
        ? {}
        : { security: [endpoint.auth === 'apiKey' ? { apiKey: [] } : { bearer: [] }] }),
    },
    // Who is calling is settled before the body is even validated: a stranger learns nothing
    // about an endpoint's input rules, and an agent nothing about an operator's.
    preValidation: guards,
    preHandler: options.preHandler ?? [],
    handler: async (request, reply) => {
      const result = await handler({
        body: request.body as EndpointParsedBody<E>,
        query: request.query as EndpointParsedQuery<E>,
        params: request.params as Record<string, string>,
        auth: request.auth as RouteContext<E>['auth'],
        actor: (endpoint.auth === 'operator'
          ? operatorActor(request.auth as Authenticated, request)
          : undefined) as RouteContext<E>['actor'],
        request,
        reply,
      });
      const body = endpoint.paginated
        ? { message: result.message, data: result.data, meta: result.meta ?? { nextCursor: null } }
        : { message: result.message, data: result.data };
      // The body is checked against the route's schemas by the serializer.
      return reply.status(result.status ?? status).send(body);
    },
  });
}
