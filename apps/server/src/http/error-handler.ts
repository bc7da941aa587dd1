import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { TErrorBody, TFieldError } from '@agentdesk/contract/envelope';
import { STATUS_OF } from '@agentdesk/contract/error-codes';
import { isConnectionLost } from '../db/connection-errors.js';
import { AppError } from '../lib/app-error.js';

/**
 * Fastify's own client errors, by code, as ours (with the status of the code unless one is
 * given). Anything else unexpected is a 500 without details.
 */
const FASTIFY_CODES: Record<string, { code: TErrorBody['code']; message: string; status?: number }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'MALFORMED_JSON', message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'MALFORMED_JSON', message: 'The request body is empty; send a JSON object' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the body as application/json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', message: 'The Content-Length header is wrong' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_TYPE: { code: 'BAD_REQUEST', message: 'The Content-Type header is invalid' },
  // Raised before routing (frameworkErrors below): bad percent-encoding, a path parameter over
  // the router's maxParamLength (414 URI Too Long, the status Fastify gives it).
  FST_ERR_BAD_URL: { code: 'BAD_REQUEST', message: 'The URL is malformed' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'BAD_REQUEST', message: 'The URL is too long', status: 414 },
  FST_ERR_ASYNC_CONSTRAINT: { code: 'BAD_REQUEST', message: 'The request is malformed' },
};

function fieldErrors(error: FastifyError): TFieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.flatMap((issue) => {
    const base = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (issue.keyword === 'unrecognized_keys') {
      const keys = (issue.params as { keys?: string[] }).keys ?? [];
      return keys.map((key) => ({ path: base ? `${base}.${key}` : key, message: `Unknown field "${key}"` }));
    }
    return [{ path: base, message: issue.message ?? 'Invalid value' }];
  });
}

/** A browser asking for a page of the app (history fallback), not an API call or a missing asset. */
function isPageNavigation(request: FastifyRequest, basePath: string): boolean {
  const path = request.url.split('?')[0] ?? '';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    path.startsWith(basePath) &&
    !path.startsWith('/api/') &&
    !/\.[a-z0-9]{1,8}$/i.test(path)
  );
}

export function toErrorBody(error: unknown): { status: number; body: TErrorBody } {
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: { message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) },
    };
  }
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError)) {
    const errors = fieldErrors(fastifyError);
    const where = fastifyError.validationContext === 'querystring' ? 'query' : fastifyError.validationContext;
    const first = errors[0];
    const message = first ? `${first.path || where}: ${first.message}` : 'The request is invalid';
    return { status: STATUS_OF.VALIDATION_FAILED, body: { message, code: 'VALIDATION_FAILED', errors } };
  }
  const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (known)
    return { status: known.status ?? STATUS_OF[known.code], body: { message: known.message, code: known.code } };
  if (fastifyError.statusCode === 429) {
    return { status: 429, body: { message: fastifyError.message, code: 'RATE_LIMITED' } };
  }
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return { status: fastifyError.statusCode, body: { message: 'The request is malformed', code: 'BAD_REQUEST' } };
  }
  // The database unreachable or its connection lost: nothing wrong with the request, try again.
  if (isConnectionLost(error)) {
    return {
      status: STATUS_OF.SERVICE_UNAVAILABLE,
      body: { message: 'The service is briefly unavailable. Please try again.', code: 'SERVICE_UNAVAILABLE' },
    };
  }
  return { status: 500, body: { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' } };
}

/**
 * Headers of an answer given before routing, where no hook runs (the security headers' are
 * onRequest): the answer is JSON and nothing else, so it may load nothing at all.
 */
const FRAMEWORK_ERROR_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
} as const;

/**
 * Fastify's `frameworkErrors`: errors raised before a route is found (a malformed or over-long
 * URL, a failed async constraint), which the error handler never sees. Same envelope.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = toErrorBody(error);
  request.log.info({ code: body.code, status, reason: error.code }, 'request rejected before routing');
  void reply.status(status).headers(FRAMEWORK_ERROR_HEADERS).send(body);
}

/** The error envelope everywhere: no stack, no internals, 4xx for anything the client did. */
export function installErrorHandling(app: FastifyInstance, options: { basePath: string }): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = toErrorBody(error);
    // A 503 is the database out of reach for a moment: worth a line, not a stack per request.
    if (isConnectionLost(error))
      request.log.warn({ code: body.code, reason: (error as Error).message }, 'request failed: database unavailable');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, status }, 'request rejected');
    return reply.status(status).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    if (app.sendWebIndex && isPageNavigation(request, options.basePath)) return app.sendWebIndex(request, reply);
    const body: TErrorBody = {
      message: `No route for ${request.method} ${request.url.split('?')[0]}`,
      code: 'NOT_FOUND',
    };
    return reply.status(404).send(body);
  });
}
