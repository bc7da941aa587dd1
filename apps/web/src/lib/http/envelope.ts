import { successEnvelope } from '@agentdesk/contract/envelope';
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
