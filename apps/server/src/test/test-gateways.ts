import type { TestApp } from './test-app.js';

/** No fee: tests about something else keep whole-naira expectations. */
export const NO_GATEWAY_FEES = { PAYSTACK_FEE_PERCENT: '0', MONNIFY_FEE_PERCENT: '0' } as const;

/**
 * Makes the gateway's built-in sandbox know the transaction a test's hand-made event describes,
 * as the real gateway would know a real payment: its verify call then confirms it (decision 046).
 */
export async function recordAtGateway(t: TestApp, gateway: 'paystack' | 'monnify', raw: string): Promise<void> {
  let event: unknown;
  try {
    event = JSON.parse(raw);
  } catch {
    return;
  }
  const response = await fetch(`${t.url}/sandbox/${gateway}/_sandbox/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(event),
  });
  if (!response.ok) throw new Error(`the ${gateway} sandbox refused the transaction: ${response.status}`);
}
