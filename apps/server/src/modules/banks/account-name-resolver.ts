import type { NigerianBank } from '@agentdesk/contract/banks/nigerian-banks';

/**
 * Name enquiry: who holds an account. Production plugs in a NIBSS or payment-gateway
 * lookup; the sandbox answers without a network.
 */
export interface AccountNameResolver {
  /**
   * The name on the account as the bank holds it, or null when the bank says there is no
   * such account. Throws `AppError('SERVICE_UNAVAILABLE')` when the bank cannot answer.
   */
  resolve(bank: NigerianBank, accountNumber: string): Promise<string | null>;
}
