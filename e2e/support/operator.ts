import { DEMO_OPERATOR } from './server';

/**
 * The demo operator, through the operator API: what a provider's staff would do in their own
 * tool while an agent uses the dashboard (add a funding account, approve a transfer, ...).
 */
export interface Operator {
  call: <T = unknown>(method: string, path: string, json?: unknown) => Promise<{ status: number; body: T }>;
}

export async function signInOperator(baseUrl: string): Promise<Operator> {
  const login = await fetch(`${baseUrl}/api/v1/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: DEMO_OPERATOR.username, password: DEMO_OPERATOR.password }),
  });
  if (login.status !== 200) throw new Error(`operator login answered ${login.status}`);
  const token = ((await login.json()) as { data: { authorization: { token: string } } }).data.authorization.token;
  return {
    async call<T>(method: string, path: string, json?: unknown) {
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (json !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      return { status: response.status, body: (await response.json()) as T };
    },
  };
}

/** A provider account agents can transfer to (GTBank, a number that passes NUBAN). */
export async function addFundingAccount(
  operator: Operator,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; accountNumber: string; accountName: string }> {
  const { status, body } = await operator.call<{ data: { id: string; accountNumber: string; accountName: string } }>(
    'POST',
    '/api/v1/admin/funding-accounts',
    {
      bankName: 'GTBank',
      bankCode: '058',
      accountNumber: '0123456785',
      accountName: 'AgentDesk Collections',
      instructions: 'Use your username as the narration.',
      ...overrides,
    },
  );
  if (status !== 201) throw new Error(`funding account answered ${status}: ${JSON.stringify(body)}`);
  return body.data;
}

/** The pending funding request with this transfer reference (the operator's queue). */
export async function pendingRequestId(operator: Operator, reference: string): Promise<string> {
  const { body } = await operator.call<{ data: { id: string; reference: string }[] }>(
    'GET',
    '/api/v1/admin/funding-requests?status=pending&limit=100',
  );
  const found = body.data.find((request) => request.reference === reference);
  if (!found) throw new Error(`no pending funding request with reference ${reference}`);
  return found.id;
}

export async function approveFunding(operator: Operator, id: string): Promise<void> {
  const { status } = await operator.call('POST', `/api/v1/admin/funding-requests/${id}/approve`);
  if (status !== 200) throw new Error(`approve answered ${status}`);
}

export async function rejectFunding(operator: Operator, id: string, reason: string): Promise<void> {
  const { status } = await operator.call('POST', `/api/v1/admin/funding-requests/${id}/reject`, { reason });
  if (status !== 200) throw new Error(`reject answered ${status}`);
}

/** An agent's token, for setting up data through the agent API (not the subject of the test). */
export async function agentToken(baseUrl: string, username: string, password: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/v1/agent/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: username, password }),
  });
  if (login.status !== 200) throw new Error(`agent login answered ${login.status}`);
  return ((await login.json()) as { data: { authorization: { token: string } } }).data.authorization.token;
}

/** Reports a transfer as the agent and has the operator approve it: the wallet is credited. */
export async function fundAgent(
  baseUrl: string,
  operator: Operator,
  token: string,
  accountId: string,
  amount: string,
  reference: string,
): Promise<void> {
  const response = await fetch(`${baseUrl}/api/v1/agent/funding-requests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ accountId, amount, senderName: 'Ada Okafor', reference, transferDate: '2026-11-20' }),
  });
  if (response.status !== 201) throw new Error(`funding request answered ${response.status}: ${await response.text()}`);
  const { data } = (await response.json()) as { data: { id: string } };
  await approveFunding(operator, data.id);
}
