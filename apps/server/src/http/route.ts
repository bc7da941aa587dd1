import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Endpoint, EndpointParsedBody, EndpointParsedQuery } from '@agentdesk/contract/endpoint';
import { listEnvelope, successEnvelope, ZErrorBody } from '@agentdesk/contract/envelope';
import type { Authenticated } from '../modules/auth/sessions.service.js';
import { requireRole } from './authenticate.js';

export interface RouteContext<E extends Endpoint> {
  body: EndpointParsedBody<E>;
  query: EndpointParsedQuery<E>;
  params: Record<string, string>;
  /** Set on every endpoint whose `auth` is not 'public'. */
  auth: E['auth'] extends 'public' ? undefined : Authenticated;
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

/**
 * Mounts a contract endpoint: the role is enforced first, then zod validates the input, then
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
  const guards = endpoint.auth === 'public' ? [] : [requireRole(endpoint.auth)];
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    schema: {
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      // The success status, and 200 for answers that replay an earlier one (an idempotent retry).
      response: {
        ...Object.fromEntries(
          [status, 200].map((code) => [
            code,
            endpoint.paginated ? listEnvelope(endpoint.data) : successEnvelope(endpoint.data),
          ]),
        ),
        // Every error is the one envelope: documented, and checked on the way out. (Only 500:
        // health answers 503 with its usual body, for the people reading it.)
        '4xx': ZErrorBody,
        500: ZErrorBody,
      },
      ...(endpoint.auth === 'public' ? {} : { security: [{ bearer: [] }] }),
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
        request,
        reply,
      });
      const body = endpoint.paginated
        ? { message: result.message, data: result.data, meta: result.meta ?? { nextCursor: null } }
        : { message: result.message, data: result.data };
      // The body is checked against the route's schemas by the serializer; the union of them is too wide for the type.
      return reply.status(result.status ?? status).send(body as never);
    },
  });
}
