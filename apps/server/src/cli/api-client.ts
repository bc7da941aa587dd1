import type { Endpoint, EndpointBody, EndpointData, EndpointQuery } from '@agentdesk/contract/endpoint';
import type { TErrorBody } from '@agentdesk/contract/envelope';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<TErrorBody>,
  ) {
    super(body.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

/** Calls one contract endpoint on a running server and answers its envelope's message and data. */
export async function callEndpoint<E extends Endpoint>(
  baseUrl: string,
  endpoint: E,
  options: {
    body?: EndpointBody<E>;
    query?: EndpointQuery<E>;
    params?: Record<string, string>;
    token?: string | undefined;
  } = {},
): Promise<{ message: string; data: EndpointData<E>; meta?: { nextCursor: string | null } }> {
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(options.params?.[name] ?? ''));
  const url = new URL(path, baseUrl);
  const query: Record<string, string | number | boolean | undefined> = options.query ?? {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      headers: {
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
  } catch {
    throw new ApiError(0, {
      message: `Cannot reach the server at ${baseUrl}. Is it running (npm start)? Set AGENTDESK_URL if it runs elsewhere.`,
    });
  }
  const json = (await response.json().catch(() => ({}))) as Partial<TErrorBody> & {
    data?: unknown;
    meta?: { nextCursor: string | null };
  };
  if (!response.ok) throw new ApiError(response.status, json);
  return { message: json.message ?? '', data: json.data as EndpointData<E>, ...(json.meta ? { meta: json.meta } : {}) };
}
