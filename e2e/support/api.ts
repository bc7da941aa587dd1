import { DEMO_OPERATOR } from './server';

/** A new agent's details, unique per call so tests never collide on one database. */
export function newAgent() {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`.slice(-10);
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return {
    firstName: 'Ada',
    lastName: 'Okafor',
    username: `ada_${id}`,
    email: `ada.${id}@example.com`,
    phone: `080${digits}`,
    password: 'FirstPass#2026',
  };
}

export type Agent = ReturnType<typeof newAgent>;

/** The transaction PIN `registerAgent` chooses for each agent (docs/decisions/043). */
export const AGENT_PIN = '2468';

async function call<T>(url: string, init: RequestInit & { json?: unknown } = {}): Promise<{ status: number; body: T }> {
  const headers = new Headers(init.headers);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  const response = await fetch(url, {
    ...init,
    headers,
    body: init.json === undefined ? init.body : JSON.stringify(init.json),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/**
 * Registers an agent through the API (for tests whose subject is not registration), with the
 * transaction PIN AGENT_PIN chosen, unless `withPin` is false (a test of the first purchase,
 * where the agent chooses it).
 */
export async function registerAgent(
  baseUrl: string,
  agent: Agent = newAgent(),
  { withPin = true } = {},
): Promise<Agent> {
  const { status, body } = await call<{ message: string; data: { authorization: { token: string } } }>(
    `${baseUrl}/api/v1/agent/auth/register`,
    { method: 'POST', json: { ...agent, confirmPassword: agent.password } },
  );
  if (status !== 201) throw new Error(`register answered ${status}: ${body.message}`);
  if (withPin) {
    const set = await call<{ message: string }>(`${baseUrl}/api/v1/agent/auth/pin`, {
      method: 'POST',
      headers: { authorization: `Bearer ${body.data.authorization.token}` },
      json: { pin: AGENT_PIN },
    });
    if (set.status !== 201) throw new Error(`setting the PIN answered ${set.status}: ${set.body.message}`);
  }
  return agent;
}

/** Signs in through the API; answers the status (200 when the password works). */
export async function apiLoginStatus(baseUrl: string, identifier: string, password: string): Promise<number> {
  const { status } = await call(`${baseUrl}/api/v1/agent/auth/login`, {
    method: 'POST',
    json: { identifier, password },
  });
  return status;
}

/**
 * Signs the agent in through the API and answers the session as the app keeps it in
 * localStorage (`user_session`): for a page opened as if a previous visit had signed in.
 */
export async function storableSession(baseUrl: string, agent: Pick<Agent, 'username' | 'password'>): Promise<string> {
  const { status, body } = await call<{ data: { authorization: { token: string }; user: unknown } }>(
    `${baseUrl}/api/v1/agent/auth/login`,
    { method: 'POST', json: { identifier: agent.username, password: agent.password } },
  );
  if (status !== 200) throw new Error(`agent login answered ${status}`);
  return JSON.stringify({ token: body.data.authorization.token, user: body.data.user });
}

/** The 6-digit code of the latest email to `email`, read from the development outbox as the demo operator. */
export async function latestResetCode(baseUrl: string, email: string): Promise<string> {
  const login = await call<{ data: { authorization: { token: string } } }>(`${baseUrl}/api/v1/admin/auth/login`, {
    method: 'POST',
    json: { identifier: DEMO_OPERATOR.username, password: DEMO_OPERATOR.password },
  });
  if (login.status !== 200) throw new Error(`operator login answered ${login.status}`);
  const token = login.body.data.authorization.token;
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const outbox = await call<{ data: { text: string | null }[] }>(
      `${baseUrl}/api/v1/admin/outbox?limit=5&to=${encodeURIComponent(email)}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const code = /\b(\d{6})\b/.exec(outbox.body.data[0]?.text ?? '')?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no reset code for ${email} in the outbox`);
}
