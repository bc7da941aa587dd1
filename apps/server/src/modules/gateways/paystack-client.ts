import {
  callJson,
  fieldObject as obj,
  fieldText as text,
  GatewayRefused,
  GatewayUnreachable,
  type GatewayClient,
  type KycSubject,
  type OpenedAccount,
  type PendingIdentification,
  type VerifiedTransaction,
  type Json,
} from './gateway-client.js';

export interface PaystackSettings {
  baseUrl: string;
  secretKey: string;
  preferredBank: string;
  /** Identify each customer (BVN + linked bank account) before assigning a dedicated account. */
  validateCustomers: boolean;
  timeoutMs: number;
}

/**
 * Paystack's API (decision 046), the secret key as bearer: the customer (found by email, or
 * created), then its dedicated account (found, or assigned), and `GET /transaction/verify/:ref`.
 * With `validateCustomers`, a customer Paystack has not identified is first sent to
 * `POST /customer/{code}/identification` (type bank_account): Paystack answers by webhook, and
 * the account is assigned once it says `customeridentification.success` (046).
 */
export function createPaystackClient(settings: () => PaystackSettings): GatewayClient {
  async function call(method: string, path: string, body?: unknown) {
    const { baseUrl, secretKey, timeoutMs } = settings();
    const answer = await callJson(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${secretKey}` },
      body,
      timeoutMs,
    });
    if (answer.status === 401) throw new GatewayUnreachable(`Paystack refused the secret key on ${method} ${path}`);
    return answer;
  }

  function toOpened(account: Json, customerCode: string): OpenedAccount {
    if (typeof account.account_number !== 'string') {
      throw new GatewayUnreachable('Paystack answered a dedicated account without an account number');
    }
    return {
      bankName: text(obj(account.bank).name, 'Paystack'),
      accountNumber: account.account_number,
      accountName: text(account.account_name, ''),
      providerReference: customerCode,
    };
  }

  return {
    gateway: 'paystack',

    async openAccount(subject: KycSubject): Promise<OpenedAccount | PendingIdentification> {
      const found = await call('GET', `/customer/${encodeURIComponent(subject.email)}`);
      let customer = found.body.status === true ? obj(found.body.data) : undefined;
      if (!customer) {
        const created = await call('POST', '/customer', {
          email: subject.email,
          first_name: subject.firstName,
          last_name: subject.lastName,
          phone: subject.phone,
        });
        if (created.body.status !== true)
          throw new GatewayRefused(text(created.body.message, 'Paystack refused the customer'));
        customer = obj(created.body.data);
      }
      const code = String(customer.customer_code);
      const list = await call(
        'GET',
        `/dedicated_account?customer=${encodeURIComponent(String(customer.id))}&active=true`,
      );
      const accounts = Array.isArray(list.body.data) ? (list.body.data as unknown[]) : [];
      if (accounts.length > 0) return toOpened(obj(accounts[0]), code);
      if (settings().validateCustomers && customer.identified !== true && !subject.identified) {
        if (!subject.bankAccount) throw new GatewayRefused('Paystack needs a bank account linked to your BVN');
        const asked = await call('POST', `/customer/${encodeURIComponent(code)}/identification`, {
          country: 'NG',
          type: 'bank_account',
          account_number: subject.bankAccount.accountNumber,
          bvn: subject.idNumber,
          bank_code: subject.bankAccount.bankCode,
          first_name: subject.firstName,
          last_name: subject.lastName,
        });
        if (asked.body.status !== true) {
          throw new GatewayRefused(text(asked.body.message, 'Paystack refused the customer identification'));
        }
        return { pending: true, providerReference: code };
      }
      const assigned = await call('POST', '/dedicated_account', {
        customer: code,
        preferred_bank: settings().preferredBank,
      });
      if (assigned.body.status === true) return toOpened(obj(assigned.body.data), code);
      // Two submits at once: the other one's account is this one's.
      const again = await call(
        'GET',
        `/dedicated_account?customer=${encodeURIComponent(String(customer.id))}&active=true`,
      );
      const raced = Array.isArray(again.body.data) ? (again.body.data as unknown[]) : [];
      if (raced.length > 0) return toOpened(obj(raced[0]), code);
      throw new GatewayRefused(text(assigned.body.message, 'Paystack refused the dedicated account'));
    },

    async verify(reference: string): Promise<VerifiedTransaction | undefined> {
      const answer = await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
      if (answer.body.status !== true) {
        if (answer.status === 400 || answer.status === 404) return undefined;
        throw new GatewayUnreachable(`Paystack verify: ${String(answer.body.message)}`);
      }
      const data = obj(answer.body.data);
      const status = text(data.status, '');
      const amount = typeof data.amount === 'number' && Number.isSafeInteger(data.amount) ? BigInt(data.amount) : -1n;
      const channel = data.channel ?? obj(data.authorization).channel;
      const code = obj(data.customer).customer_code;
      return {
        reference: text(data.reference, reference),
        status,
        paid: status === 'success' && channel === 'dedicated_nuban',
        amount,
        customerReference: typeof code === 'string' ? code : undefined,
      };
    },
  };
}
