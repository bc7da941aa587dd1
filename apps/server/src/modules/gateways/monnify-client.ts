import { parseNairaToKobo } from '@agentdesk/contract/money';
import {
  callJson,
  fieldObject as obj,
  fieldText as text,
  GatewayRefused,
  GatewayUnreachable,
  type GatewayClient,
  type KycSubject,
  type OpenedAccount,
  type VerifiedTransaction,
} from './gateway-client.js';

export interface MonnifySettings {
  baseUrl: string;
  apiKey: string;
  secretKey: string;
  contractCode: string;
  preferredBank: string;
  timeoutMs: number;
}

/**
 * Monnify's API (decision 046): a bearer token from `POST /api/v1/auth/login` (Basic
 * apiKey:secretKey), kept until shortly before it expires and fetched again on a 401.
 */
export function createMonnifyClient(settings: () => MonnifySettings): GatewayClient {
  let token: { value: string; until: number } | undefined;

  async function login(): Promise<string> {
    const { baseUrl, apiKey, secretKey, timeoutMs } = settings();
    const answer = await callJson(`${baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${apiKey}:${secretKey}`).toString('base64')}` },
      timeoutMs,
    });
    const body = obj(answer.body.responseBody);
    if (answer.body.requestSuccessful !== true || typeof body.accessToken !== 'string') {
      // Credentials refused: nothing can be asked, which is not the agent's fault.
      throw new GatewayUnreachable(`Monnify login refused: ${String(answer.body.responseMessage)}`);
    }
    const seconds = typeof body.expiresIn === 'number' ? body.expiresIn : 3599;
    token = { value: body.accessToken, until: Date.now() + Math.max(seconds - 60, 30) * 1000 };
    return token.value;
  }

  async function call(method: string, path: string, body?: unknown) {
    const { baseUrl, timeoutMs } = settings();
    for (let attempt = 0; ; attempt += 1) {
      const bearer = token && token.until > Date.now() ? token.value : await login();
      const answer = await callJson(`${baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${bearer}` },
        body,
        timeoutMs,
      });
      if (answer.status !== 401) return answer;
      token = undefined;
      if (attempt > 0) throw new GatewayUnreachable(`Monnify refused the token on ${method} ${path}`);
    }
  }

  function toOpened(responseBody: unknown): OpenedAccount {
    const body = obj(responseBody);
    const first = obj(Array.isArray(body.accounts) ? body.accounts[0] : undefined);
    if (typeof first.accountNumber !== 'string' || typeof body.accountReference !== 'string') {
      throw new GatewayUnreachable('Monnify answered a reserved account without an account number');
    }
    return {
      bankName: text(first.bankName, 'Monnify'),
      accountNumber: first.accountNumber,
      accountName: text(first.accountName, text(body.accountName, '')),
      providerReference: body.accountReference,
    };
  }

  async function existing(reference: string): Promise<OpenedAccount | undefined> {
    const answer = await call('GET', `/api/v2/bank-transfer/reserved-accounts/${encodeURIComponent(reference)}`);
    if (answer.body.requestSuccessful === true) return toOpened(answer.body.responseBody);
    return undefined;
  }

  return {
    gateway: 'monnify',

    async openAccount(subject: KycSubject): Promise<OpenedAccount> {
      // Fetched first: a repeated submit (or one whose answer was lost) never asks for a second account.
      const before = await existing(subject.accountReference);
      if (before) return before;
      const { contractCode, preferredBank } = settings();
      const name = `${subject.firstName} ${subject.lastName}`;
      const answer = await call('POST', '/api/v2/bank-transfer/reserved-accounts', {
        accountReference: subject.accountReference,
        accountName: name,
        currencyCode: 'NGN',
        contractCode,
        customerEmail: subject.email,
        customerName: name,
        [subject.idType]: subject.idNumber,
        getAllAvailableBanks: false,
        preferredBanks: [preferredBank],
      });
      if (answer.body.requestSuccessful === true) return toOpened(answer.body.responseBody);
      // Two submits at once: the other one's account is this one's.
      const raced = await existing(subject.accountReference);
      if (raced) return raced;
      throw new GatewayRefused(text(answer.body.responseMessage, 'Monnify refused the account'));
    },

    async verify(reference: string): Promise<VerifiedTransaction | undefined> {
      const answer = await call('GET', `/api/v2/transactions/${encodeURIComponent(reference)}`);
      if (answer.body.requestSuccessful !== true) {
        if (answer.status === 404 || answer.status === 400) return undefined;
        throw new GatewayUnreachable(`Monnify transaction query: ${String(answer.body.responseMessage)}`);
      }
      const body = obj(answer.body.responseBody);
      const status = text(body.paymentStatus, '');
      const amount = parseNairaToKobo(text(body.amountPaid, ''));
      const product = obj(body.product);
      return {
        reference: text(body.transactionReference, reference),
        status,
        paid: (status === 'PAID' || status === 'OVERPAID') && product.type === 'RESERVED_ACCOUNT',
        amount: amount ?? -1n,
        customerReference: typeof product.reference === 'string' ? product.reference : undefined,
      };
    },
  };
}
