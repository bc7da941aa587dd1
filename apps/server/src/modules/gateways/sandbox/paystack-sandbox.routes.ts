import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sameSecret } from '../../upstream/sandbox-http.js';
import { PAYSTACK_TEST_IDENTIFICATION, SANDBOX_IDENTITIES, SANDBOX_OUTAGE_ID, sameName } from './sandbox-identities.js';
import { signedWebhooks } from './signed-webhook.js';

export const PAYSTACK_SANDBOX_PREFIX = '/sandbox/paystack';

export interface PaystackSandboxOptions {
  prefix: string;
  secretKey: string;
  /** Where charge.success events go (this server's webhook). */
  webhookUrl: () => string;
  now?: () => Date;
  /** A dedicated account only for a customer identified first (merchants that validate customers). */
  requireIdentification?: boolean;
  /** How long after an identification request its webhook is sent (default 300 ms). */
  identificationDelayMs?: number;
}

const PROVIDERS: Record<string, { name: string; id: number; slug: string }> = {
  'test-bank': { name: 'Test Bank', id: 24, slug: 'test-bank' },
  'wema-bank': { name: 'Wema Bank', id: 20, slug: 'wema-bank' },
  'titan-paystack': { name: 'Titan Paystack', id: 21, slug: 'titan-paystack' },
};

interface Customer {
  id: number;
  customer_code: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  identified: boolean;
  identifications: Json[] | null;
  createdAt: string;
}

interface DedicatedAccount {
  id: number;
  bank: { name: string; id: number; slug: string };
  account_name: string;
  account_number: string;
  assigned: boolean;
  currency: 'NGN';
  active: boolean;
  customer: Customer;
  created_at: string;
}

type Json = Record<string, unknown>;
/** A field as text: a string or number as it is, anything else the fallback. */
const text = (value: unknown, fallback: string): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;
const fail = (reply: FastifyReply, status: number, message: string) =>
  reply.status(status).send({ status: false, message });

/**
 * Paystack's customer, dedicated-account and verify API as decision 046 reads it (docs:
 * shared/reference/virtual-accounts.md), over HTTP with the secret key as bearer, answering
 * `{status, message, data}` with kobo amounts, and signed charge.success webhooks. `_sandbox/*`
 * are the sandbox's own controls, as at the Monnify sandbox.
 */
export async function registerPaystackSandbox(app: FastifyInstance, options: PaystackSandboxOptions): Promise<void> {
  const now = options.now ?? (() => new Date());
  const { signed, deliver } = signedWebhooks({
    secretKey: options.secretKey,
    signatureHeader: 'x-paystack-signature',
    webhookUrl: options.webhookUrl,
  });
  const customers = new Map<string, Customer>();
  const dedicated = new Map<number, DedicatedAccount>();
  const transactions = new Map<string, Json>();
  let outage = false;
  let nextId = 1000;
  /** Identification webhooks, in the order sent (or held): tests replay them. */
  const identificationWebhooks: Array<{
    event: string;
    body: string;
    signature: string;
    delivered: number | string | null;
  }> = [];
  let holdIdentificationWebhooks = false;

  const customerBy = (key: string) =>
    customers.get(key.toLowerCase()) ?? [...customers.values()].find((customer) => customer.customer_code === key);

  await app.register(
    async (scope) => {
      scope.addHook('preHandler', async (request, reply) => {
        if (request.url.includes('/_sandbox/')) return;
        if (outage) return fail(reply, 503, 'Service unavailable');
        const header = request.headers.authorization ?? '';
        if (!sameSecret(header.startsWith('Bearer ') ? header.slice(7) : '', options.secretKey)) {
          return fail(reply, 401, 'Invalid key');
        }
      });

      scope.post('/customer', async (request, reply) => {
        const body = (request.body ?? {}) as Json;
        const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
        if (!/^[^@\s]+@[^@\s]+$/.test(email)) return fail(reply, 400, 'Invalid Email Address Passed');
        const existing = customers.get(email);
        if (existing) return { status: true, message: 'Customer created', data: existing };
        nextId += 1;
        const customer: Customer = {
          id: nextId,
          customer_code: `CUS_${randomBytes(8).toString('hex')}`,
          email,
          first_name: text(body.first_name, ''),
          last_name: text(body.last_name, ''),
          phone: text(body.phone, ''),
          identified: false,
          identifications: null,
          createdAt: now().toISOString(),
        };
        customers.set(email, customer);
        return { status: true, message: 'Customer created', data: customer };
      });

      scope.get('/customer/:key', async (request, reply) => {
        const customer = customerBy((request.params as { key: string }).key);
        if (!customer) return fail(reply, 404, 'Customer not found');
        return { status: true, message: 'Customer retrieved', data: customer };
      });

      /**
       * Customer identification (type bank_account): answered at once as in progress, the outcome
       * sent by signed webhook shortly after. Succeeds for a registered BVN (the reference's test
       * BVN 222222222221, or one of SANDBOX_IDENTITIES), the linked test account 0111111111 and the
       * names on the BVN; any other combination is customeridentification.failed with a reason.
       */
      scope.post('/customer/:code/identification', async (request, reply) => {
        const customer = customerBy((request.params as { code: string }).code);
        if (!customer) return fail(reply, 404, 'Customer not found');
        const body = (request.body ?? {}) as Json;
        for (const name of ['country', 'type', 'account_number', 'bvn', 'bank_code', 'first_name', 'last_name']) {
          if (typeof body[name] !== 'string' || body[name] === '') return fail(reply, 400, `${name} is required`);
        }
        if (body.country !== 'NG') return fail(reply, 400, 'Invalid country');
        if (body.type !== 'bank_account') return fail(reply, 400, 'Invalid identification type');
        if (!/^\d{10}$/.test(String(body.account_number))) return fail(reply, 400, 'Invalid account number');
        if (!/^\d{3,6}$/.test(String(body.bank_code))) return fail(reply, 400, 'Invalid bank code');
        const bvn = String(body.bvn);
        if (bvn === SANDBOX_OUTAGE_ID) return fail(reply, 503, 'Service unavailable');
        const registered =
          bvn === PAYSTACK_TEST_IDENTIFICATION.bvn
            ? PAYSTACK_TEST_IDENTIFICATION
            : SANDBOX_IDENTITIES[bvn]?.type === 'bvn'
              ? SANDBOX_IDENTITIES[bvn]
              : undefined;
        const reason = !registered
          ? 'Invalid BVN'
          : body.account_number !== PAYSTACK_TEST_IDENTIFICATION.accountNumber
            ? 'Account number or BVN is incorrect'
            : !sameName(`${String(body.first_name)} ${String(body.last_name)}`, registered)
              ? 'The name on the BVN does not match the customer name'
              : undefined;
        const identification = {
          country: 'NG',
          type: 'bank_account',
          bvn: `${bvn.slice(0, 3)}*****${bvn.slice(-3)}`,
          account_number: `${String(body.account_number).slice(0, 3)}****${String(body.account_number).slice(-3)}`,
          bank_code: String(body.bank_code),
        };
        const hold = holdIdentificationWebhooks;
        setTimeout(() => {
          if (!reason && registered) {
            customer.identified = true;
            customer.identifications = [{ ...identification, value: identification.bvn }];
            // Paystack replaces the names with the BVN's.
            customer.first_name = registered.firstName;
            customer.last_name = registered.lastName;
          }
          const webhook = signed({
            event: reason ? 'customeridentification.failed' : 'customeridentification.success',
            data: {
              customer_id: customer.id,
              customer_code: customer.customer_code,
              email: customer.email,
              identification,
              ...(reason ? { reason } : {}),
            },
          });
          const entry = { event: reason ? 'failed' : 'success', ...webhook, delivered: null as number | string | null };
          identificationWebhooks.push(entry);
          if (!hold) {
            void deliver(webhook).then((status) => {
              entry.delivered = status;
            });
          }
        }, options.identificationDelayMs ?? 300).unref();
        return { status: true, message: 'Customer Identification in progress' };
      });

      scope.get('/dedicated_account', async (request) => {
        const query = request.query as { customer?: string; active?: string };
        const data = [...dedicated.values()].filter(
          (account) =>
            (query.customer === undefined || String(account.customer.id) === query.customer) &&
            (query.active === undefined || String(account.active) === query.active),
        );
        return { status: true, message: 'Managed accounts successfully retrieved', data, meta: { total: data.length } };
      });

      scope.post('/dedicated_account', async (request, reply) => {
        const body = (request.body ?? {}) as Json;
        const customer = typeof body.customer === 'string' ? customerBy(body.customer) : undefined;
        if (!customer) return fail(reply, 400, 'Customer not found');
        if (options.requireIdentification && !customer.identified) {
          return fail(reply, 400, 'Customer has not been validated; validate the customer first');
        }
        const bank = PROVIDERS[text(body.preferred_bank, 'test-bank')];
        if (!bank) return fail(reply, 400, 'Invalid preferred bank');
        const existing = [...dedicated.values()].find(
          (account) => account.customer.id === customer.id && account.bank.slug === bank.slug,
        );
        if (existing) return fail(reply, 400, 'Customer already has an active dedicated account with this bank');
        nextId += 1;
        const account: DedicatedAccount = {
          id: nextId,
          bank,
          account_name: `AGENTDESK/${customer.first_name} ${customer.last_name}`.toUpperCase(),
          // The same customer and bank get the same number, also after a restart (the demo keeps its accounts).
          account_number: `99${(createHash('sha256').update(`${customer.email}\n${bank.slug}`).digest().readUInt32BE(0) % 100_000_000).toString().padStart(8, '0')}`,
          assigned: true,
          currency: 'NGN',
          active: true,
          customer,
          created_at: now().toISOString(),
        };
        dedicated.set(account.id, account);
        return { status: true, message: 'Assigned Managed Account', data: account };
      });

      scope.get('/transaction/verify/:reference', async (request, reply) => {
        const transaction = transactions.get((request.params as { reference: string }).reference);
        if (!transaction) return fail(reply, 400, 'Transaction reference not found');
        return { status: true, message: 'Verification successful', data: transaction };
      });

      /** A transfer into a dedicated account (kobo): recorded, then its signed charge.success sent (awaited). */
      scope.post('/_sandbox/transfers', async (request, reply) => {
        const body = (request.body ?? {}) as { accountNumber?: string; amount?: number; deliver?: boolean };
        const account = [...dedicated.values()].find((entry) => entry.account_number === body.accountNumber);
        if (!account) return reply.status(404).send({ message: 'accountNumber: no dedicated account has this number' });
        if (typeof body.amount !== 'number' || !Number.isSafeInteger(body.amount) || body.amount <= 0) {
          return reply.status(400).send({ message: 'amount: kobo, a whole number more than 0' });
        }
        const paidAt = now().toISOString();
        nextId += 1;
        const data = {
          id: nextId,
          domain: 'test',
          status: 'success',
          reference: randomBytes(8).toString('hex'),
          amount: body.amount,
          fees: Math.min(Math.floor(body.amount / 100), 30_000),
          currency: 'NGN',
          channel: 'dedicated_nuban',
          gateway_response: 'Approved',
          paid_at: paidAt,
          created_at: paidAt,
          customer: {
            id: account.customer.id,
            customer_code: account.customer.customer_code,
            email: account.customer.email,
            first_name: account.customer.first_name,
            last_name: account.customer.last_name,
          },
          authorization: {
            channel: 'dedicated_nuban',
            card_type: 'transfer',
            brand: 'Managed Account',
            bank: 'Sandbox Sender Bank',
            sender_bank: 'Sandbox Sender Bank',
            sender_bank_account_number: 'XXXXXX0011',
            sender_name: 'Sandbox Sender',
            receiver_bank_account_number: account.account_number,
            receiver_bank: account.bank.name,
            narration: `Transfer to ${account.account_name}`,
            reusable: false,
          },
        };
        transactions.set(data.reference, data);
        const webhook = signed({ event: 'charge.success', data });
        const delivered = body.deliver === false ? null : await deliver(webhook);
        return { reference: data.reference, delivered, webhook };
      });

      /** Records an event's transaction as the gateway's truth, sends nothing. */
      scope.post('/_sandbox/transactions', async (request) => {
        const data = ((request.body ?? {}) as Json).data as Json;
        transactions.set(String(data.reference), data);
        return { recorded: data.reference };
      });

      /** The identification webhooks sent (or held), newest last, for a test to replay. */
      scope.get('/_sandbox/identification-webhooks', async () => ({ webhooks: identificationWebhooks }));

      /** `{ hold: true }`: identification webhooks are recorded but not sent (a test sends them). */
      scope.post('/_sandbox/identification-webhooks', async (request) => {
        holdIdentificationWebhooks = ((request.body ?? {}) as { hold?: boolean }).hold === true;
        return { hold: holdIdentificationWebhooks };
      });

      scope.post('/_sandbox/outage', async (request) => {
        outage = ((request.body ?? {}) as { on?: boolean }).on === true;
        return { outage };
      });
    },
    { prefix: options.prefix },
  );
}
