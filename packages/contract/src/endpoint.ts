import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint: nobody signed in, a signed-in agent, an operator, or an agent's
 * reseller API key (`Authorization: Bearer adk_...`).
 */
export type EndpointAuth = 'public' | 'agent' | 'operator' | 'apiKey';

/**
 * What an operator may do (issue 21): an owner everything; finance funding, wallet adjustments
 * and refunds; support reading, requeries and password resets.
 */
export const OPERATOR_ROLES = ['owner', 'finance', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * The roles besides the owner that may call an operator endpoint: the owner always may, so
 * `['finance']` means owner and finance, and `OWNER_ONLY` (no other role) the owner alone.
 */
export type OperatorAccess = readonly Exclude<OperatorRole, 'owner'>[];

/** Read endpoints: every operator. */
export const EVERY_OPERATOR = ['finance', 'support'] as const satisfies OperatorAccess;
/** The business's settings, catalogue, notices and staff: the owner alone. */
export const OWNER_ONLY = [] as const satisfies OperatorAccess;

/** Every role that may call an operator endpoint, the owner first. */
export function allowedRoles(access: OperatorAccess): OperatorRole[] {
  return ['owner', ...access];
}

/** `owner`, `owner or finance`, `owner, finance or support`: how a message or a document names them. */
export function rolesInWords(access: OperatorAccess): string {
  const roles = allowedRoles(access);
  return roles.length === 1 ? roles[0]! : `${roles.slice(0, -1).join(', ')} or ${roles.at(-1)!}`;
}

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
export type Endpoint<
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
  TQuery extends z.ZodType | undefined = z.ZodType | undefined,
  TData extends z.ZodType = z.ZodType,
  TAuth extends EndpointAuth = EndpointAuth,
> = EndpointFields<TBody, TQuery, TData, TAuth> & RolesOf<TAuth>;

/**
 * An operator endpoint must say which roles may call it (the type refuses one without
 * `roles`); no other endpoint has roles.
 */
type RolesOf<TAuth extends EndpointAuth> = TAuth extends 'operator'
  ? { /** Besides the owner (see OperatorAccess). */ roles: OperatorAccess }
  : { roles?: undefined };

interface EndpointFields<
  TBody extends z.ZodType | undefined,
  TQuery extends z.ZodType | undefined,
  TData extends z.ZodType,
  TAuth extends EndpointAuth,
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
