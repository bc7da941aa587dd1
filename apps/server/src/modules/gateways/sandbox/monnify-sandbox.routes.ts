import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sameSecret } from '../../upstream/sandbox-http.js';
import { SANDBOX_IDENTITIES, SANDBOX_OUTAGE_ID, sameName } from './sandbox-identities.js';
import { signedWebhooks } from './signed-webhook.js';

export const MONNIFY_SANDBOX_PREFIX = '/sandbox/monnify';

export interface MonnifySandboxOptions {
  prefix: string;
  apiKey: string;
  secretKey: string;
  contractCode: string;
  /** Where SUCCESSFUL_TRANSACTION events go (this server's webhook). */
  webhookUrl: () => string;
  now?: () => Date;
}

const BANKS: Record<string, string> = {
  '50515': 'Moniepoint Microfinance Bank',
  '035': 'Wema bank',
  '232': 'Sterling bank',
};

interface ReservedAccount {
  contractCode: string;
  accountReference: string;
  accountName: string;
  currencyCode: 'NGN';
  customerEmail: string;
  customerName: string;
  bvn: string | null;
  nin: string | null;
  accounts: Array<{ bankCode: string; bankName: string; accountNumber: string; accountName: string }>;
  collectionChannel: 'RESERVED_ACCOUNT';
  reservationReference: string;
  reservedAccountType: 'GENERAL';
  status: 'ACTIVE';
  createdOn: string;
  incomeSplitConfig: unknown[];
  restrictPaymentSource: boolean;
}

type Json = Record<string, unknown>;
const ok = (responseBody: unknown) => ({
  requestSuccessful: true,
  responseMessage: 'success',
  responseCode: '0',
  responseBody,
});
const fail = (reply: FastifyReply, status: number, message: string, code = '99') =>
  reply.status(status).send({ requestSuccessful: false, responseMessage: message, responseCode: code });

/** `2024-01-31 10:20:30.123`, Monnify's way of writing a time. */
const monnifyTime = (date: Date) => date.toISOString().replace('T', ' ').replace('Z', '');

/** A ten-digit NUBAN that is always the same for a contract, reference and bank (the demo survives restarts). */
function accountNumberOf(contractCode: string, reference: string, bankCode: string): string {
  const digest = createHash('sha256').update(`${contractCode}\n${reference}\n${bankCode}`).digest();
  return `5${(digest.readBigUInt64BE(0) % 1_000_000_000n).toString().padStart(9, '0')}`;
}

/**
 * Monnify's collection API as decision 046 reads it (docs: shared/reference/virtual-accounts.md),
 * over HTTP: login (Basic → bearer), reserved accounts V2 (create, get), transaction status V2,
 * and signed SUCCESSFUL_TRANSACTION webhooks. `_sandbox/*` are the sandbox's own controls: a
 * transfer into an account (which sends the webhook), a transaction recorded as the gateway's
 * truth without a webhook, and an outage.
 */
export async function registerMonnifySandbox(app: FastifyInstance, options: MonnifySandboxOptions): Promise<void> {
  const now = options.now ?? (() => new Date());
  const { signed, deliver } = signedWebhooks({
    secretKey: options.secretKey,
    signatureHeader: 'monnify-signature',
    webhookUrl: options.webhookUrl,
  });
  const tokens = new Map<string, number>();
  const accounts = new Map<string, ReservedAccount>();
  const transactions = new Map<string, Json>();
  let outage = false;
  let sequence = 0;

  const byNumber = (accountNumber: string) => {
    for (const account of accounts.values()) {
      const found = account.accounts.find((entry) => entry.accountNumber === accountNumber);
      if (found) return { account, found };
    }
    return undefined;
  };

  await app.register(
    async (scope) => {
      const bearer = (request: FastifyRequest): boolean => {
        const header = request.headers.authorization ?? '';
        const token = header.startsWith('Bearer ') ? header.slice(7) : '';
        const expires = tokens.get(token);
        return expires !== undefined && expires > Date.now();
      };
      scope.addHook('preHandler', async (request, reply) => {
        if (request.url.includes('/_sandbox/')) return;
        if (outage) return fail(reply, 503, 'Service temporarily unavailable');
        if (request.url.endsWith('/api/v1/auth/login')) return;
        if (!bearer(request)) return fail(reply, 401, 'Unauthorized', '401');
      });

      scope.post('/api/v1/auth/login', async (request, reply) => {
        const header = request.headers.authorization ?? '';
        const decoded = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : '';
        if (!sameSecret(decoded, `${options.apiKey}:${options.secretKey}`)) {
          return fail(reply, 401, 'Invalid client credentials', '99');
        }
        const accessToken = randomBytes(24).toString('base64url');
        tokens.set(accessToken, Date.now() + 3599_000);
        return ok({ accessToken, expiresIn: 3599 });
      });

      scope.post('/api/v2/bank-transfer/reserved-accounts', async (request, reply) => {
        const body = (request.body ?? {}) as Json;
        const text = (key: string) => (typeof body[key] === 'string' ? body[key].trim() : '');
        const reference = text('accountReference');
        for (const key of ['accountReference', 'accountName', 'customerEmail', 'customerName', 'contractCode']) {
          if (!text(key)) return fail(reply, 400, `${key} is required`);
        }
        if (text('currencyCode') !== 'NGN') return fail(reply, 400, 'currencyCode must be NGN');
        if (text('contractCode') !== options.contractCode) return fail(reply, 400, 'Invalid contract code');
        if (accounts.has(reference)) {
          return fail(
            reply,
            422,
            `You cannot reserve more than one account for a customer with the same reference: ${reference}`,
            'R42',
          );
        }
        const bvn = text('bvn');
        const nin = text('nin');
        if (!bvn && !nin) return fail(reply, 400, 'BVN or NIN is required');
        if (bvn === SANDBOX_OUTAGE_ID || nin === SANDBOX_OUTAGE_ID)
          return fail(reply, 503, 'Identity service unavailable');
        const checks: Array<['BVN' | 'NIN', string]> = [];
        if (bvn) checks.push(['BVN', bvn]);
        if (nin) checks.push(['NIN', nin]);
        let registered: { firstName: string; lastName: string } | undefined;
        for (const [kind, number] of checks) {
          const identity = SANDBOX_IDENTITIES[number];
          if (!/^\d{11}$/.test(number) || identity?.type !== kind.toLowerCase())
            return fail(reply, 400, `Invalid ${kind}`);
          if (!sameName(text('customerName'), identity)) {
            return fail(reply, 400, `The name on the ${kind} does not match the customer name`);
          }
          registered = identity;
        }
        const banks =
          body.getAllAvailableBanks === true
            ? Object.keys(BANKS)
            : Array.isArray(body.preferredBanks)
              ? body.preferredBanks.filter((code): code is string => typeof code === 'string' && code in BANKS)
              : [];
        if (banks.length === 0) return fail(reply, 400, 'preferredBanks must name at least one available bank');
        const customerName = `${registered!.firstName} ${registered!.lastName}`;
        const account: ReservedAccount = {
          contractCode: options.contractCode,
          accountReference: reference,
          accountName: text('accountName'),
          currencyCode: 'NGN',
          customerEmail: text('customerEmail'),
          customerName,
          bvn: bvn || null,
          nin: nin || null,
          accounts: banks.map((bankCode) => ({
            bankCode,
            bankName: BANKS[bankCode]!,
            accountNumber: accountNumberOf(options.contractCode, reference, bankCode),
            accountName: text('accountName'),
          })),
          collectionChannel: 'RESERVED_ACCOUNT',
          reservationReference: randomBytes(10).toString('hex').toUpperCase(),
          reservedAccountType: 'GENERAL',
          status: 'ACTIVE',
          createdOn: monnifyTime(now()),
          incomeSplitConfig: [],
          restrictPaymentSource: false,
        };
        accounts.set(reference, account);
        return ok(account);
      });

      scope.get('/api/v2/bank-transfer/reserved-accounts/:reference', async (request, reply) => {
        const account = accounts.get((request.params as { reference: string }).reference);
        if (!account) return fail(reply, 404, 'Cannot find reserved account');
        return ok(account);
      });

      scope.get('/api/v2/transactions/:reference', async (request, reply) => {
        const transaction = transactions.get((request.params as { reference: string }).reference);
        if (!transaction)
          return fail(reply, 404, 'Could not find transaction with the specified transaction reference');
        return ok(transaction);
      });

      /** A transfer into a reserved account: recorded PAID, then its signed webhook sent (awaited). */
      scope.post('/_sandbox/transfers', async (request, reply) => {
        const body = (request.body ?? {}) as { accountNumber?: string; amount?: number | string; deliver?: boolean };
        const target = typeof body.accountNumber === 'string' ? byNumber(body.accountNumber) : undefined;
        if (!target) return reply.status(404).send({ message: 'accountNumber: no reserved account has this number' });
        const amount = Number(body.amount);
        if (!Number.isFinite(amount) || amount <= 0)
          return reply.status(400).send({ message: 'amount: naira, more than 0' });
        const paidOn = now();
        sequence += 1;
        const reference = `MNFY|${String(sequence % 100).padStart(2, '0')}|${paidOn.toISOString().replace(/\D/g, '').slice(0, 14)}|${randomBytes(3).toString('hex')}`;
        const settlement = Math.round((amount - Math.min(amount * 0.015, 2000)) * 100) / 100;
        const eventData = {
          product: { type: 'RESERVED_ACCOUNT', reference: target.account.accountReference },
          transactionReference: reference,
          paymentReference: reference,
          paidOn: monnifyTime(paidOn),
          paymentDescription: `Transfer to ${target.found.accountName}`,
          metaData: {},
          paymentSourceInformation: [
            {
              bankCode: '058',
              amountPaid: amount,
              accountName: 'Sandbox Sender',
              sessionId: randomBytes(8).toString('hex'),
              accountNumber: '0065432190',
            },
          ],
          destinationAccountInformation: {
            bankCode: target.found.bankCode,
            bankName: target.found.bankName,
            accountNumber: target.found.accountNumber,
          },
          amountPaid: amount,
          totalPayable: amount,
          settlementAmount: settlement,
          paymentStatus: 'PAID',
          paymentMethod: 'ACCOUNT_TRANSFER',
          currency: 'NGN',
          customer: { name: target.account.customerName, email: target.account.customerEmail },
        };
        transactions.set(reference, {
          ...eventData,
          accountDetails: eventData.destinationAccountInformation,
          accountPayments: eventData.paymentSourceInformation,
        });
        const webhook = signed({ eventType: 'SUCCESSFUL_TRANSACTION', eventData });
        const delivered = body.deliver === false ? null : await deliver(webhook);
        return { transactionReference: reference, delivered, webhook };
      });

      /** Records an event's transaction as the gateway's truth, sends nothing (tests craft their own deliveries). */
      scope.post('/_sandbox/transactions', async (request) => {
        const eventData = ((request.body ?? {}) as Json).eventData as Json;
        transactions.set(String(eventData.transactionReference), eventData);
        return { recorded: eventData.transactionReference };
      });

      scope.post('/_sandbox/outage', async (request) => {
        outage = ((request.body ?? {}) as { on?: boolean }).on === true;
        return { outage };
      });
    },
    { prefix: options.prefix },
  );
}
