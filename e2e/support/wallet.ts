import type { Agent } from './api';
import { addFundingAccount, agentToken, approveFunding, signInOperator } from './operator';

/** Today's date in Lagos, as a transfer notice carries it. */
function lagosToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
}

/**
 * Funds an agent the way it happens in real life (the agent reports a transfer, the operator
 * approves it), to whichever provider account agents are shown: the demo seed's when the
 * server made one, else one created here. The funding is the set-up of a test, not its subject.
 */
export async function fundWallet(baseUrl: string, agent: Agent, amount = '50000'): Promise<void> {
  const operator = await signInOperator(baseUrl);
  const token = await agentToken(baseUrl, agent.username, agent.password);
  const auth = { authorization: `Bearer ${token}` };
  const listed = await fetch(`${baseUrl}/api/v1/agent/manual-funding`, { headers: auth });
  const { data } = (await listed.json()) as { data: { accounts: { id: string }[] } };
  const accountId = data.accounts[0]?.id ?? (await addFundingAccount(operator)).id;
  const reported = await fetch(`${baseUrl}/api/v1/agent/funding-requests`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      accountId,
      amount,
      senderName: `${agent.firstName} ${agent.lastName}`,
      reference: `REF-${agent.username.slice(-8)}-${Date.now().toString(36)}`,
      transferDate: lagosToday(),
    }),
  });
  if (reported.status !== 201) throw new Error(`funding request answered ${reported.status}: ${await reported.text()}`);
  const { data: request } = (await reported.json()) as { data: { id: string } };
  await approveFunding(operator, request.id);
}
