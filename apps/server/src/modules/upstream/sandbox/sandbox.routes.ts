import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../../config.js';
import { isValidRequestId } from '../vtpass/request-id.js';
import { CATEGORIES, findSandboxService, SANDBOX_SERVICES, type SandboxService } from './catalogue.js';
import {
  behaviourOf,
  customerAddress,
  customerName,
  digits,
  SANDBOX_VALUES,
  sandboxSmartcard,
  sandboxToken,
  type SandboxBehaviour,
} from './sandbox-outcomes.js';

/** Where the built-in sandbox is mounted inside the server. */
export const SANDBOX_PREFIX = '/sandbox/vtpass/api/';

/** The sandbox's options from the server's configuration (the upstream keys it expects, its behaviour). */
export function sandboxOptionsFrom(config: Pick<Config, 'upstream' | 'sandbox'>): SandboxOptions {
  return {
    prefix: SANDBOX_PREFIX,
    apiKey: config.upstream.apiKey,
    publicKey: config.upstream.publicKey,
    secretKey: config.upstream.secretKey,
    ...config.sandbox,
  };
}

export interface SandboxOptions {
  /** Where the API lives, e.g. `/sandbox/vtpass/api/`. */
  prefix: string;
  apiKey: string;
  publicKey: string;
  secretKey: string;
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

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds a request open for `ms`, or until the client gives up and closes the connection. */
function holdUntilClientLeaves(request: FastifyRequest, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    request.raw.socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
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

  await app.register(
    async (scope) => {
      scope.addHook('onRequest', async (request, reply) => {
        if (options.latencyMs > 0) await pause(options.latencyMs);
        const keyHeader = request.method === 'GET' ? 'public-key' : 'secret-key';
        const expected = request.method === 'GET' ? options.publicKey : options.secretKey;
        if (request.headers['api-key'] !== options.apiKey || request.headers[keyHeader] !== expected) {
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
          variation_amount: variation.amount.toFixed(2),
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
        return { code: '012', response_description: 'PRODUCT DOES NOT EXIST', content: { errors: 'Not verifiable' } };
      });

      scope.post('/pay', async (request, reply) => pay(request, reply));

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
    const billersCode = str(body.billersCode);
    const phone = str(body.phone);
    if (!billersCode || !phone) return { code: '011', response_description: 'INVALID ARGUMENTS', requestId };

    let amount = Number(str(body.amount));
    if (service.productType === 'fix' && service.category !== 'electricity-bill') {
      const variation = service.variations?.find((v) => v.code === str(body.variation_code));
      const renewing = service.category === 'tv-subscription' && str(body.subscription_type) === 'renew';
      if (!variation && !renewing)
        return { code: '010', response_description: 'VARIATION CODE DOES NOT EXIST', requestId };
      const quantity = Number(str(body.quantity) || '1');
      if (!Number.isInteger(quantity) || quantity < 1)
        return { code: '031', response_description: 'QUANTITY BELOW MINIMUM', requestId };
      if (quantity > 10) return { code: '032', response_description: 'QUANTITY ABOVE MAXIMUM', requestId };
      if (variation && !renewing) amount = variation.amount * quantity;
    }
    if (!Number.isFinite(amount) || amount < service.minimum)
      return { code: '013', response_description: 'BELOW MINIMUM AMOUNT ALLOWED', requestId };
    if (amount > service.maximum)
      return { code: '017', response_description: 'ABOVE MAXIMUM AMOUNT ALLOWED', requestId };
    if (amount > balance) return { code: '018', response_description: 'LOW WALLET BALANCE', requestId };

    // Airtime and data are judged by the phone; bills by the meter or smartcard.
    const judged =
      service.category === 'airtime' || service.category === 'data' || service.category === 'education'
        ? phone
        : billersCode;
    const behaviour = behaviourOf(judged, { strict: options.strict, failureRate: options.failureRate, requestId });
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

  function payResponse(order: SandboxOrder, status: 'delivered' | 'pending' | 'failed') {
    const commission = Math.round(order.amount * order.service.commission) / 100;
    const base = {
      code: status === 'failed' ? '016' : status === 'pending' ? '099' : '000',
      content: {
        transactions: {
          status: status === 'pending' ? 'pending' : status,
          product_name: order.service.name,
          unique_element: str(order.payload.billersCode),
          unit_price: String(order.amount),
          quantity: Number(str(order.payload.quantity) || '1'),
          channel: 'api',
          commission,
          total_amount: Number((order.amount - commission).toFixed(2)),
          type: order.service.category,
          phone: str(order.payload.phone),
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
    if (order.service.category === 'electricity-bill') {
      const meter = str(order.payload.billersCode);
      const customer = {
        customerName: customerName(meter),
        customerAddress: customerAddress(meter),
        meterNumber: meter,
      };
      if (str(order.payload.variation_code) === 'postpaid') return { ...base, ...customer };
      const token = sandboxToken(order.requestId);
      const units = `${(order.amount / 209.5).toFixed(1)} kWh`;
      return {
        ...base,
        purchased_code: `Token : ${token}`,
        token: `Token : ${token}`,
        units,
        ...customer,
        tariff: 'R2 SINGLE PHASE',
      };
    }
    if (order.service.category === 'education') {
      const quantity = Number(str(order.payload.quantity) || '1');
      const cards = Array.from({ length: quantity }, (_, i) => ({
        Serial: `${order.service.serviceID.slice(0, 3).toUpperCase()}${digits(`serial:${order.requestId}:${i}`, 9)}`,
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
