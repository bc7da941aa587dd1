import { listEnvelope, successEnvelope } from '@agentdesk/contract/envelope';
import type { Endpoint, EndpointData } from '@agentdesk/contract/endpoint';

/** A success answer as the web app keeps it: the server's message and the typed data. */
export interface Answer<T> {
  message: string;
  data: T;
}

/**
 * Checks an answer against the contract, so a server that drifts from it fails loudly
 * here instead of deep inside a screen.
 */
export function parseAnswer<E extends Endpoint>(endpoint: E) {
  const schema = successEnvelope(endpoint.data);
  return (body: unknown): Answer<EndpointData<E>> => schema.parse(body) as Answer<EndpointData<E>>;
}

/** The request of a contract endpoint: its method and path, and a body when it has one. */
export function requestOf(endpoint: Endpoint, body?: unknown) {
  return body === undefined
    ? { url: endpoint.path, method: endpoint.method }
    : { url: endpoint.path, method: endpoint.method, body };
}

/** A list answer: the page and where the next one starts. */
export interface ListAnswer<T> extends Answer<T> {
  meta: { nextCursor: string | null };
}

export function parseListAnswer<E extends Endpoint>(endpoint: E) {
  const schema = listEnvelope(endpoint.data);
  return (body: unknown): ListAnswer<EndpointData<E>> => schema.parse(body) as ListAnswer<EndpointData<E>>;
}

/**
 * The request of a contract endpoint with path parameters (`:id`) filled in and a query
 * string (undefined values left out).
 *
 * @example requestTo(getTransaction, { params: { id } })
 */
export function requestTo(
  endpoint: Endpoint,
  options: {
    body?: unknown;
    query?: Record<string, string | number | boolean | undefined>;
    params?: Record<string, string>;
  } = {},
) {
  const url = endpoint.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(options.params?.[name] ?? ''));
  const params = Object.fromEntries(
    Object.entries(options.query ?? {}).filter(([, value]) => value !== undefined && value !== ''),
  );
  return {
    url,
    method: endpoint.method,
    ...(Object.keys(params).length > 0 ? { params } : {}),
    ...(options.body !== undefined ? { body: options.body } : {}),
  };
}
