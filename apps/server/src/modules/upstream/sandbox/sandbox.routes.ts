import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../../config.js';
import { isValidRequestId } from '../vtpass/request-id.js';
import { CATEGORIES, findSandboxService, SANDBOX_SERVICES, type SandboxService } from './catalogue.js';
import {
  billersCodeRole,
  customerAddress,
  customerName,
  digits,
  payBehaviour,
  SANDBOX_VALUES,
  sandboxJambProfile,
  sandboxSmartcard,
  sandboxToken,
  type SandboxBehaviour,
} from './sandbox-outcomes.js';
import { holdUntilClientLeaves, pause, sameSecret } from '../sandbox-http.js';

/** Where the built-in sandbox is mounted inside the server. */
export const SANDBOX_PREFIX = '/sandbox/vtpass/api/';

/** The sandbox's options from the server's configuration (the upstream keys it expects, its behaviour). */
export function sandboxOptionsFrom(config: Pick<Config, 'upstream' | 'sandbox'>): SandboxOptions {
  return {
    prefix: SANDBOX_PREFIX,
    apiKey: config.upstream.apiKey,
    publicKey: config.upstream.publicKey,
    secretKey: config.upstream.secretKey,
    ...(config.upstream.basicAuth ? { basicAuth: config.upstream.basicAuth } : {}),
    ...config.sandbox,
  };
}

export interface SandboxOptions {
  /** Where the API lives, e.g. `/sandbox/vtpass/api/`. */
  prefix: string;
  apiKey: string;
  publicKey: string;
  secretKey: string;
  /**
   * The upstream's other documented authentication, `Authorization: Basic base64(username:password)`
   * (UPSTREAM_USERNAME, UPSTREAM_PASSWORD): accepted besides the keys when set, as a profile
   * whose authentication type is "all".
   */
  basicAuth?: { username: string; password: string };
  latencyMs: number;
  failureRate: number;
  strict: boolean;
  /** Naira the provider holds at the sandbox (SANDBOX_BALANCE): a sale beyond it is 018, LOW WALLET BALANCE. */
  balance: number;
  now?: () => Date;
}

interface SandboxOrder {
  requestId: string;
  behaviour: SandboxBehaviour;
  requeries: number;
  payload: Record<string, unknown>;
  service: SandboxService;
  amount: number;
  createdAt: Date;
}

type Body = Record<string, unknown>;
const str = (value: unknown) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/** The api-key with the public key (GET) or the secret key (POST), or the configured basic credentials. */
function authenticated(request: FastifyRequest, options: SandboxOptions): boolean {
  const get = request.method === 'GET';
  const apiKey = sameSecret(request.headers['api-key'], options.apiKey);
  const key = get
    ? sameSecret(request.headers['public-key'], options.publicKey)
    : sameSecret(request.headers['secret-key'], options.secretKey);
  if (apiKey && key) return true;
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!options.basicAuth || !basic) return false;
  const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  const username = sameSecret(decoded.slice(0, colon), options.basicAuth.username);
  const password = sameSecret(decoded.slice(colon + 1), options.basicAuth.password);
  return username && password;
}

/**
 * A stand-in for the upstream aggregator that speaks its protocol over real HTTP: the
 * catalogue, merchant-verify, pay, requery and balance, its auth headers, request_id rules,
 * response codes and documented test values. Orders live in this process's memory: it is a
 * test double, not a ledger.
 */
export async function registerSandbox(app: FastifyInstance, options: SandboxOptions): Promise<void> {
  const orders = new Map<string, SandboxOrder>();
  const now = options.now ?? (() => new Date());
  let balance = options.balance;
  /** Amounts a test changed (`POST sandbox/variation-amount`), by service and code: this sandbox's only. */
  const amounts = new Map<string, number>();
  const amountOf = (service: SandboxService, variation: { code: string; amount: number }) =>
    amounts.get(`${service.serviceID}\n${variation.code}`) ?? variation.amount;

  await app.register(
    async (scope) => {
      // The latency is spent once the whole request has arrived, as at an upstream that is slow to
      // process: a client that gives up meanwhile does not stop the sale (its body was read).
      scope.addHook('preHandler', async (request, reply) => {
        if (options.latencyMs > 0) await pause(options.latencyMs);
        if (!authenticated(request, options)) {
          return reply.status(200).send({ code: '087', response_description: 'INVALID CREDENTIALS' });
        }
      });

      scope.get('/service-categories', async () => ({ response_description: '000', content: CATEGORIES }));

      scope.get('/services', async (request) => {
        const { identifier } = request.query as { identifier?: string };
        return {
          response_description: '000',
          content: SANDBOX_SERVICES.filter((service) => service.category === identifier).map((service) => ({
            serviceID: service.serviceID,
            name: service.name,
            minimium_amount: String(service.minimum),
            maximum_amount: service.maximum,
            convinience_fee: '0 %',
            product_type: service.productType,
            image: `https://sandbox.invalid/images/${service.serviceID}.png`,
          })),
        };
      });

      scope.get('/service-variations', async (request) => {
        const service = findSandboxService((request.query as { serviceID?: string }).serviceID);
        if (!service) return { response_description: '012', content: { errors: 'Product does not exist' } };
        const variations = (service.variations ?? []).map((variation) => ({
          variation_code: variation.code,
          name: variation.name,
          variation_amount: amountOf(service, variation).toFixed(2),
          fixedPrice: service.productType === 'fix' ? 'Yes' : 'No',
        }));
        return {
          response_description: '000',
          content: {
            ServiceName: service.name,
            serviceID: service.serviceID,
            convinience_fee: '0 %',
            variations,
            varations: variations,
          },
        };
      });

      scope.post('/merchant-verify', async (request) => {
        const body = (request.body ?? {}) as Body;
        const service = findSandboxService(body.serviceID);
        const number = str(body.billersCode);
        if (!service || !number)
          return { code: '011', response_description: 'INVALID ARGUMENTS', content: { errors: 'Invalid arguments' } };
        if (service.category === 'electricity-bill') return verifyMeter(number, str(body.type));
        if (service.category === 'tv-subscription')
          return sandboxSmartcard(service, number, { strict: options.strict, now: now() });
        // JAMB: billersCode is the profile ID, type the PIN's variation code (utme, de).
        if (service.serviceID === 'jamb') return sandboxJambProfile(number, { strict: options.strict });
        return { code: '012', response_description: 'PRODUCT DOES NOT EXIST', content: { errors: 'Not verifiable' } };
      });

      scope.post('/pay', async (request, reply) => pay(request, reply));

      /**
       * Not the upstream's: how tests (and a curious developer) change a plan's amount, as the
       * upstream does when a network's prices move, and have the sandbox send the
       * `variations-update` callback it would send then (docs/decisions/041). Authenticated like
       * every POST. Body: serviceID, variation_code, amount (naira), callback_url (optional).
       */
      scope.post('/sandbox/variation-amount', async (request) => {
        const body = (request.body ?? {}) as Body;
        const service = findSandboxService(body.serviceID);
        const variation = service?.variations?.find((v) => v.code === str(body.variation_code));
        if (!service || !variation) return { code: '010', response_description: 'VARIATION CODE DOES NOT EXIST' };
        const amount = Number(str(body.amount));
        if (!/^\d{1,9}(\.\d{1,2})?$/.test(str(body.amount)) || !(amount > 0))
          return { code: '013', response_description: 'INVALID AMOUNT' };
        amounts.set(`${service.serviceID}\n${variation.code}`, amount);
        const callbackUrl = str(body.callback_url);
        let callback: { status: number; body: string } | null = null;
        if (/^https?:\/\//.test(callbackUrl)) {
          const answer = await fetch(callbackUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ type: 'variations-update', serviceID: service.serviceID }),
            signal: AbortSignal.timeout(30_000),
          });
          callback = { status: answer.status, body: await answer.text() };
        }
        return {
          code: '000',
          response_description: 'AMOUNT CHANGED',
          content: {
            serviceID: service.serviceID,
            variation_code: variation.code,
            variation_amount: amount.toFixed(2),
            callback,
          },
        };
      });

      scope.post('/requery', async (request) => {
        const requestId = str(((request.body ?? {}) as Body).request_id);
        const order = orders.get(requestId);
        if (!order)
          return {
            code: '015',
            response_description: 'INVALID REQUEST ID',
            content: { error: 'Transaction does not exist' },
          };
        order.requeries++;
        // Pending resolves on the first requery; the others keep what pay decided.
        const status =
          order.behaviour === 'pending' ? 'delivered' : order.behaviour === 'failed' ? 'failed' : 'delivered';
        return payResponse(order, status);
      });

      scope.get('/balance', async () => ({ code: 1, contents: { balance } }));
    },
    { prefix: options.prefix.replace(/\/$/, '') },
  );

  function verifyMeter(number: string, type: string) {
    const known =
      (type === 'prepaid' && number === SANDBOX_VALUES.prepaidMeter) ||
      (type === 'postpaid' && number === SANDBOX_VALUES.postpaidMeter);
    const plausible = !options.strict && /^\d{11,13}$/.test(number) && !number.startsWith('999');
    if (!known && !plausible)
      return { code: '000', content: { error: 'Meter number is not valid', WrongBillersCode: true } };
    return {
      code: '000',
      content: {
        Customer_Name: customerName(number),
        Address: customerAddress(number),
        Meter_Number: number,
        Customer_Arrears: type === 'postpaid' ? '1520.00' : '0.00',
        Minimum_Amount: 1000,
        Min_Purchase_Amount: 1000,
        Can_Vend: 'yes',
        Business_Unit: 'Victoria Island',
        Customer_Account_Type: 'NMD',
        Meter_Type: type.toUpperCase(),
        WrongBillersCode: false,
      },
    };
  }

  async function pay(request: FastifyRequest, reply: FastifyReply) {
    const body = (request.body ?? {}) as Body;
    const requestId = str(body.request_id);
    if (!isValidRequestId(requestId, now())) {
      return { code: '085', response_description: 'IMPROPER REQUEST ID', requestId };
    }
    if (orders.has(requestId)) return { code: '014', response_description: 'REQUEST ID ALREADY EXIST', requestId };
    const service = findSandboxService(body.serviceID);
    if (!service) return { code: '012', response_description: 'PRODUCT DOES NOT EXIST', requestId };
    const priced = priceOf(service, body);
    if ('code' in priced) return { ...priced, requestId };
    const { amount } = priced;
    if (!Number.isFinite(amount) || amount < service.minimum)
      return { code: '013', response_description: 'BELOW MINIMUM AMOUNT ALLOWED', requestId };
    if (amount > service.maximum)
      return { code: '017', response_description: 'ABOVE MAXIMUM AMOUNT ALLOWED', requestId };
    if (amount > balance) return { code: '018', response_description: 'LOW WALLET BALANCE', requestId };

    const behaviour = payBehaviour(
      service,
      { phone: str(body.phone), billersCode: str(body.billersCode), variationCode: str(body.variation_code) },
      { strict: options.strict, failureRate: options.failureRate, requestId },
    );
    const order: SandboxOrder = {
      requestId,
      behaviour,
      requeries: 0,
      payload: body,
      service,
      amount,
      createdAt: now(),
    };

    switch (behaviour) {
      case 'no-response':
        orders.set(requestId, { ...order, behaviour: 'delivered' });
        reply.hijack();
        request.raw.socket.destroy();
        return reply;
      case 'timeout':
        orders.set(requestId, { ...order, behaviour: 'delivered' });
        await holdUntilClientLeaves(request, 120_000);
        return payResponse(order, 'delivered');
      case 'unexpected':
        orders.set(requestId, { ...order, behaviour: 'delivered' });
        return reply.status(502).type('text/html').send('<html><body>Bad Gateway</body></html>');
      case 'failed':
        orders.set(requestId, order);
        return payResponse(order, 'failed');
      case 'pending':
        orders.set(requestId, order);
        balance -= amount;
        return payResponse(order, 'pending');
      case 'delivered':
        orders.set(requestId, order);
        balance -= amount;
        return payResponse(order, 'delivered');
    }
  }

  /**
   * A pay's fields as the service's documentation page has them, and its price. Every service
   * takes request_id, serviceID and phone. Airtime: amount (no billersCode). Data: billersCode
   * (the phone to credit) and variation_code; an amount is ignored. Electricity: billersCode
   * (the meter), variation_code (prepaid or postpaid) and amount. TV: billersCode (the
   * smartcard) with subscription_type change and variation_code (an amount, when sent, is what
   * the decoder is topped up with), or renew and amount (the verified Renewal_Amount). WAEC
   * result checker and registration: variation_code, quantity optional (1); no billersCode,
   * an amount ignored. JAMB: billersCode (the profile ID) and variation_code; an amount
   * ignored. Other fields are ignored, as at the upstream.
   */
  function priceOf(
    service: SandboxService,
    body: Body,
  ): { amount: number } | { code: string; response_description: string } {
    const invalid = { code: '011', response_description: 'INVALID ARGUMENTS' };
    const needsBillersCode = billersCodeRole(service) !== null;
    if (!str(body.phone) || (needsBillersCode && !str(body.billersCode))) return invalid;
    const given = Number(str(body.amount));
    const variationCode = str(body.variation_code);
    switch (service.category) {
      case 'airtime':
        return str(body.amount) ? { amount: given } : invalid;
      case 'electricity-bill':
        if (!str(body.amount)) return invalid;
        if (variationCode !== 'prepaid' && variationCode !== 'postpaid')
          return { code: '010', response_description: 'VARIATION CODE DOES NOT EXIST' };
        return { amount: given };
      case 'tv-subscription': {
        // Without a subscription_type, a bouquet code is a change (the sandbox's leniency).
        if (str(body.subscription_type) === 'renew') return str(body.amount) ? { amount: given } : invalid;
        const variation = service.variations?.find((v) => v.code === variationCode);
        if (!variation) return { code: '010', response_description: 'VARIATION CODE DOES NOT EXIST' };
        const months = quantityOf(body);
        if (typeof months !== 'number') return months;
        return { amount: str(body.amount) ? given : amountOf(service, variation) * months };
      }
      case 'data':
      case 'education': {
        const variation = service.variations?.find((v) => v.code === variationCode);
        if (!variation) return { code: '010', response_description: 'VARIATION CODE DOES NOT EXIST' };
        // Data and JAMB sell one; WAEC PINs as many as quantity says.
        const quantity = service.category === 'education' && service.serviceID !== 'jamb' ? quantityOf(body) : 1;
        if (typeof quantity !== 'number') return quantity;
        return { amount: amountOf(service, variation) * quantity };
      }
    }
  }

  function quantityOf(body: Body): number | { code: string; response_description: string } {
    const quantity = Number(str(body.quantity) || '1');
    if (!Number.isInteger(quantity) || quantity < 1)
      return { code: '031', response_description: 'QUANTITY BELOW MINIMUM' };
    if (quantity > 10) return { code: '032', response_description: 'QUANTITY ABOVE MAXIMUM' };
    return quantity;
  }

  /** A pay's answer, and a requery's: the same shape, as the upstream's pages show both. */
  function payResponse(order: SandboxOrder, status: 'delivered' | 'pending' | 'failed') {
    const commission = Math.round(order.amount * order.service.commission) / 100;
    const { service, payload } = order;
    const quantity = service.category === 'education' && service.serviceID !== 'jamb' ? quantityOf(payload) : 1;
    const base = {
      code: status === 'failed' ? '016' : status === 'pending' ? '099' : '000',
      content: {
        transactions: {
          status: status === 'pending' ? 'pending' : status,
          product_name: service.name,
          // The billersCode where the service takes one, else the phone (airtime, WAEC PINs).
          unique_element: str(billersCodeRole(service) ? payload.billersCode : payload.phone),
          unit_price: String(order.amount),
          quantity: typeof quantity === 'number' ? quantity : 1,
          service_verification: null,
          channel: 'api',
          commission,
          total_amount: Number((order.amount - commission).toFixed(2)),
          discount: null,
          type: CATEGORIES.find((category) => category.identifier === service.category)?.name ?? service.category,
          email: 'sandbox@sandbox.vtpass.com',
          phone: str(payload.phone),
          name: null,
          convinience_fee: 0,
          amount: order.amount,
          platform: 'api',
          method: 'api',
          transactionId: `17${digits(`txn:${order.requestId}`, 14)}`,
          commission_details: {
            amount: commission,
            rate: order.service.commission.toFixed(2),
            rate_type: 'percent',
            computation_type: 'default',
          },
        },
      },
      response_description:
        status === 'failed'
          ? 'TRANSACTION FAILED'
          : status === 'pending'
            ? 'TRANSACTION PROCESSING - PENDING'
            : 'TRANSACTION SUCCESSFUL',
      requestId: order.requestId,
      amount: String(order.amount),
      transaction_date: order.createdAt.toISOString(),
      purchased_code: '',
    };
    if (status !== 'delivered') return base;
    if (service.category === 'electricity-bill') {
      const meter = str(payload.billersCode);
      const customer = {
        customerName: customerName(meter),
        customerAddress: customerAddress(meter),
        meterNumber: meter,
      };
      if (str(payload.variation_code) === 'postpaid') return { ...base, ...customer };
      const token = sandboxToken(order.requestId);
      const units = `${(order.amount / 209.5).toFixed(1)} kWh`;
      return {
        ...base,
        purchased_code: `Token : ${token}`,
        token: `Token : ${token}`,
        tokenAmount: Number((order.amount / 1.075).toFixed(2)),
        exchangeReference: digits(`xref:${order.requestId}`, 8),
        units,
        ...customer,
        tariff: 'R2 SINGLE PHASE RESIDENTIAL',
        taxAmount: 0,
        debtAmount: 0,
      };
    }
    if (service.serviceID === 'jamb') {
      // As the JAMB page shows it: the PIN in purchased_code and again, prefixed, in Pin.
      const pin = `Pin : ${digits(`jamb:${order.requestId}`, 16)}`;
      return { ...base, purchased_code: pin, Pin: pin };
    }
    if (service.serviceID === 'waec-registration') {
      // As the WAEC registration page shows it: tokens, not serial and PIN cards.
      const tokens = Array.from({ length: base.content.transactions.quantity }, (_, i) =>
        digits(`regtoken:${order.requestId}:${i}`, 19),
      );
      return { ...base, purchased_code: tokens.map((token) => `Token: ${token}`).join(' || '), tokens };
    }
    if (service.category === 'education') {
      const cards = Array.from({ length: base.content.transactions.quantity }, (_, i) => ({
        Serial: `${service.serviceID.slice(0, 3).toUpperCase()}${digits(`serial:${order.requestId}:${i}`, 9)}`,
        Pin: digits(`pin:${order.requestId}:${i}`, 12),
      }));
      return {
        ...base,
        purchased_code: cards.map((card) => `Serial No:${card.Serial}, pin: ${card.Pin}`).join(' || '),
        cards,
      };
    }
    return base;
  }
}
