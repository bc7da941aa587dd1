import { randomBytes } from 'node:crypto';
import { DEMO_OPERATOR } from '../seed/demo-accounts.js';
import { waitFor } from './server-process.js';
import { TEST_PIN, withTestPin } from './test-app.js';

export interface ServerAnswer {
  status: number;
  body: { message?: string; code?: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests assert on shapes
}

type Account = { username: string; password: string };

/** A client of a server process of the test's own, as an agent's or an operator's app calls it. */
export function serverClient(base: string) {
  async function call(method: string, path: string, body?: unknown, token?: string): Promise<ServerAnswer> {
    body = withTestPin(method, path, body);
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as ServerAnswer['body'] };
  }

  const login = async (path: string, identifier: string, password: string) =>
    (await call('POST', path, { identifier, password })).body.data.authorization.token as string;
  const operator = () => login('/api/v1/admin/auth/login', DEMO_OPERATOR.username, DEMO_OPERATOR.password);
  const agentLogin = (agent: Account) => login('/api/v1/agent/auth/login', agent.username, agent.password);

  /** A new agent, registered as one does from the dashboard. */
  async function registeredAgent(): Promise<Account> {
    const suffix = randomBytes(4).toString('hex');
    const agent = { username: `agent_${suffix}`, password: 'AgentPass#2026' };
    const registered = await call('POST', '/api/v1/agent/auth/register', {
      firstName: 'Ada',
      lastName: 'Okafor',
      username: agent.username,
      email: `agent.${suffix}@example.com`,
      phone: `080${String(parseInt(suffix, 16) % 1e8).padStart(8, '0')}`,
      password: agent.password,
      confirmPassword: agent.password,
    });
    if (registered.status !== 201) throw new Error(`register: ${registered.status} ${registered.body.message}`);
    const token = registered.body.data.authorization.token as string;
    const pinSet = await call('POST', '/api/v1/agent/auth/pin', { pin: TEST_PIN }, token);
    if (pinSet.status !== 201) throw new Error(`setting the PIN: ${pinSet.status} ${pinSet.body.message}`);
    return agent;
  }

  /** A new agent with `naira` in its wallet, funded as an operator approves a reported transfer. */
  async function fundedAgent(naira: number): Promise<Account> {
    const agent = await registeredAgent();
    const token = await agentLogin(agent);
    const operatorToken = await operator();
    const account = await call(
      'POST',
      '/api/v1/admin/funding-accounts',
      { bankName: 'GTBank', bankCode: '058', accountNumber: '0123456785', accountName: 'Provider' },
      operatorToken,
    );
    const report = await call(
      'POST',
      '/api/v1/agent/funding-requests',
      {
        accountId: account.body.data.id,
        amount: String(naira),
        senderName: 'Ada',
        reference: `FUND-${randomBytes(4).toString('hex')}`,
        transferDate: '2026-01-02',
      },
      token,
    );
    const approved = await call(
      'POST',
      `/api/v1/admin/funding-requests/${report.body.data.id}/approve`,
      undefined,
      operatorToken,
    );
    if (approved.status !== 200) throw new Error(`approve: ${approved.status} ${approved.body.message}`);
    return agent;
  }

  return {
    call,
    /** Waits for /api/health to answer 200 (the catalogue loaded); generous, for a restart after a crash. */
    healthy: () =>
      waitFor(async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined), 120_000, 'the server'),
    operator,
    agentLogin,
    registeredAgent,
    fundedAgent,
  };
}
