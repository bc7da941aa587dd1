import type { Endpoint, EndpointData } from '@agentdesk/contract/endpoint';
import { apiOrigin } from '../config';
import { parseAnswer, type Answer } from './envelope';

/**
 * A public call's failure, with the fields of RTK Query's (`status`, `data`, `originalStatus`),
 * so `errorMessage` and `fieldErrors` read it as they read any other call's.
 */
export class PublicCallError extends Error {
  override name = 'PublicCallError';
  constructor(
    readonly status: number | 'FETCH_ERROR' | 'PARSING_ERROR',
    readonly data?: unknown,
    readonly originalStatus?: number,
  ) {
    super(`public call failed: ${status}`);
  }
}

/**
 * Calls a public endpoint of the contract (sign-in, registration, the reset steps) with `fetch`
 * and no token, and checks the answer against the contract. The sign-in screens use it in the
 * app and on the guest pages alike (decision 042): it needs neither the store nor RTK Query.
 */
export async function publicCall<E extends Endpoint>(endpoint: E, body: unknown): Promise<Answer<EndpointData<E>>> {
  let response: Response;
  try {
    response = await fetch(`${apiOrigin()}${endpoint.path}`, {
      method: endpoint.method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new PublicCallError('FETCH_ERROR');
  }
  const text = await response.text().catch(() => '');
  let data: unknown;
  try {
    data = text === '' ? undefined : JSON.parse(text);
  } catch {
    throw new PublicCallError('PARSING_ERROR', text, response.status);
  }
  if (!response.ok) throw new PublicCallError(response.status, data);
  return parseAnswer(endpoint)(data);
}
