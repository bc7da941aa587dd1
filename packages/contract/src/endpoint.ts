import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint: nobody signed in, a signed-in agent, an operator, or an agent's
 * reseller API key (`Authorization: Bearer adk_...`).
 */
export type EndpointAuth = 'public' | 'agent' | 'operator' | 'apiKey';

/**
 * One HTTP operation: the single description that the server validates with, the web app
 * types its calls with, and the OpenAPI document is generated from.
 *
 * @example
 * export const login = defineEndpoint({
 *   method: 'POST', path: '/api/v1/agent/auth/login', auth: 'public',
 *   summary: 'Sign in', body: ZLoginRequest, data: ZAuthSession,
 * });
 */
export interface Endpoint<
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
  TQuery extends z.ZodType | undefined = z.ZodType | undefined,
  TData extends z.ZodType = z.ZodType,
  TAuth extends EndpointAuth = EndpointAuth,
> {
  method: HttpMethod;
  path: string;
  auth: TAuth;
  summary: string;
  tags?: string[];
  /** Status of a success answer; 200 unless stated. */
  status?: 200 | 201;
  body?: TBody;
  query?: TQuery;
  /** Path parameters (`:id`), validated like the body. */
  params?: z.ZodType;
  /** A list: the answer adds `meta: { nextCursor }`. */
  paginated?: boolean;
  /** Schema of the envelope's `data`. */
  data: TData;
}

export function defineEndpoint<
  TBody extends z.ZodType | undefined = undefined,
  TQuery extends z.ZodType | undefined = undefined,
  TData extends z.ZodType = z.ZodType,
  TAuth extends EndpointAuth = EndpointAuth,
>(endpoint: Endpoint<TBody, TQuery, TData, TAuth>): Endpoint<TBody, TQuery, TData, TAuth> {
  return endpoint;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- positional inference over the endpoint's generics */
type BodySchemaOf<E> = E extends Endpoint<infer B, any, any, any> ? B : never;
type QuerySchemaOf<E> = E extends Endpoint<any, infer Q, any, any> ? Q : never;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The `data` an endpoint answers with, as the client receives it. */
export type EndpointData<E extends Endpoint> = z.output<E['data']>;
/** The body an endpoint accepts, as the client sends it. */
export type EndpointBody<E extends Endpoint> = BodySchemaOf<E> extends z.ZodType ? z.input<BodySchemaOf<E>> : undefined;
/** The body after validation, as the server handles it. */
export type EndpointParsedBody<E extends Endpoint> =
  BodySchemaOf<E> extends z.ZodType ? z.output<BodySchemaOf<E>> : undefined;
/** The query string an endpoint accepts. */
export type EndpointQuery<E extends Endpoint> =
  QuerySchemaOf<E> extends z.ZodType ? z.input<QuerySchemaOf<E>> : undefined;
/** The query after validation. */
export type EndpointParsedQuery<E extends Endpoint> =
  QuerySchemaOf<E> extends z.ZodType ? z.output<QuerySchemaOf<E>> : undefined;
