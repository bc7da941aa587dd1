import { DEMO_OPERATOR } from './server';
import type { Agent } from './api';

async function post<T>(url: string, token: string | null, json: unknown): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(json),
  });
  const body = (await response.json()) as { message: string; data: T };
  if (!response.ok) throw new Error(`POST ${new URL(url).pathname} answered ${response.status}: ${body.message}`);
  return body.data;
}

/** Today's date in Lagos, as a funding notice carries it. */
function lagosToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
}

const accounts = new Map<string, Promise<{ operatorToken: string; accountId: string }>>();

/** The demo operator's session and one provider bank account, created once per server. */
function providerAccount(baseUrl: string) {
  let account = accounts.get(baseUrl);
  if (!account) {
    account = (async () => {
      const login = await post<{ authorization: { token: string } }>(`${baseUrl}/api/v1/admin/auth/login`, null, {
        identifier: DEMO_OPERATOR.username,
        password: DEMO_OPERATOR.password,
      });
      const operatorToken = login.authorization.token;
      const created = await post<{ id: string }>(`${baseUrl}/api/v1/admin/funding-accounts`, operatorToken, {
        bankName: 'GTBank',
        bankCode: '058',
        accountNumber: '0123456785',
        accountName: 'Provider',
      });
      return { operatorToken, accountId: created.id };
    })();
    accounts.set(baseUrl, account);
  }
  return account;
}

/**
 * Funds an agent's wallet the way it happens in real life: the agent reports a transfer to
 * the provider's account and the operator approves it (no charge on the test account).
 */
export async function fundAgent(baseUrl: string, agent: Agent, amount = '50000'): Promise<void> {
  const { operatorToken, accountId } = await providerAccount(baseUrl);
  const login = await post<{ authorization: { token: string } }>(`${baseUrl}/api/v1/agent/auth/login`, null, {
    identifier: agent.username,
    password: agent.password,
  });
  const request = await post<{ id: string }>(`${baseUrl}/api/v1/agent/funding-requests`, login.authorization.token, {
    accountId,
    amount,
    senderName: 'Ada',
    reference: `REF-${agent.username.slice(-8)}`,
    transferDate: lagosToday(),
  });
  await post(`${baseUrl}/api/v1/admin/funding-requests/${request.id}/approve`, operatorToken, {});
}
