import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  cablePackagesAnswer,
  COMMISSION,
  dataPlansAnswer,
  DISCOS,
  discosAnswer,
  examPackagesAnswer,
  JAMB_EXAMS,
  METER_TYPES,
  dataPlanPrice,
  NETWORKS,
  TVS,
  WAEC_EXAMS,
} from './catalogue.js';
import {
  behaviourOf,
  customerName,
  digits,
  PLAUSIBLE,
  verifyOutcome,
  type Behaviour,
  type Chaos,
  type NumberKind,
} from './outcomes.js';
import { holdUntilClientLeaves, pause, sameSecret } from '../sandbox-http.js';

/** Where the sandbox would be mounted inside the server, beside the VTpass one. */
export const CLUBKONNECT_SANDBOX_PREFIX = '/sandbox/clubkonnect/';

export interface ClubkonnectSandboxOptions {
  /** Where the `.asp` scripts live, e.g. `/sandbox/clubkonnect/`. */
  prefix: string;
  /** The UserID and APIKey it expects (compared in constant time). */
  userId: string;
  apiKey: string;
  /** Naira the provider holds: a sale beyond it is INSUFFICIENT_BALANCE. */
  balance: number;
  latencyMs?: number;
  /** Strict: only the test values deliver; other numbers are refused as unknown numbers. */
  strict?: boolean;
  /** Shares of ordinary sales cancelled at once, timed out, cut off (for failover storms); none by default. */
  chaos?: Partial<Chaos>;
  /** The addresses allowed to call (Clubkonnect's whitelist); any when unset. Others are IP_NOT_WHITELISTED. */
  allowedIps?: readonly string[];
  now?: () => Date;
}

type Product = 'airtime' | 'data' | 'electricity' | 'cable' | 'exam';
type Query = Record<string, string | string[] | undefined>;

interface SandboxOrder {
  orderId: string;
  requestId: string | null;
  product: Product;
  behaviour: Behaviour;
  /** Queries answered so far: the pay answers the script's first code, query n its n-th. */
  queries: number;
  cancelled: boolean;
  /** Naira debited from the provider's balance, given back once if the order is cancelled. */
  charged: number;
  refunded: boolean;
  createdAt: Date;
  /** What a query names of the order (ordertype, mobilenumber, meterno...). */
  fields: Record<string, string>;
  /** What a completed order carries (metertoken and units, carddetails). */
  delivery: Record<string, string>;
}

/** The sandbox's own words for the codes it answers (never the adapter's table: it must not agree by construction). */
const STATUS: Record<string, [status: string, remark: string]> = {
  '100': ['ORDER_RECEIVED', 'Awaiting Processing'],
  '200': ['ORDER_COMPLETED', 'Success'],
  '201': ['ORDER_COMPLETED', 'Network Unresponsive'],
  '299': ['ORDER_COMPLETED', 'Unspecified Error'],
  '500': ['ORDER_CANCELLED', 'By APIUser'],
  '506': ['ORDER_CANCELLED', 'Server Busy'],
  '514': ['ORDER_CANCELLED', 'Transaction rejected'],
  '516': ['ORDER_CANCELLED', 'is not a valid MTN Subscriber'],
  '521': ['ORDER_CANCELLED', 'Order already completed, cancelled or refunded'],
  '600': ['ORDER_ONHOLD', 'Network Error'],
  '777': ['ORDER_PROCESSING', 'Awaiting Network Response'],
};

/** The bare token a refused number is answered with, by what the number is. */
const INVALID_NUMBER: Record<NumberKind, string> = {
  phone: 'INVALID_RECIPIENT',
  meter: 'INVALID_METERNO',
  smartcard: 'INVALID_SMARTCARDNO',
  profile: 'INVALID_ACCOUNTNO',
};

const OUTAGE_PAGE =
  '<!DOCTYPE html><html><head><title>Service Unavailable</title></head><body><h2>Service Unavailable</h2><hr><p>HTTP Error 503. The service is unavailable.</p></body></html>';

const str = (value: string | string[] | undefined): string =>
  (Array.isArray(value) ? (value[0] ?? '') : (value ?? '')).trim();

/** "22-Jul-2026 14:05", Lagos time, as Clubkonnect dates its orders. */
function orderDate(at: Date): string {
  const lagos = new Date(at.getTime() + 3_600_000);
  const month = lagos.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
  const time = lagos.toISOString().slice(11, 16);
  return `${lagos.getUTCDate()}-${month}-${lagos.getUTCFullYear()} ${time}`;
}

/** A purchase's parameters, checked: what it sells and for how much, or the token that refuses it. */
type Checked =
  | { refused: string }
  | {
      kind: NumberKind;
      number: string;
      face: number;
      fields: Record<string, string>;
      delivery: (orderId: string) => Record<string, string>;
    };

/**
 * A stand-in for Clubkonnect (Nellobytes) that speaks its protocol over real HTTP
 * (docs/decisions/034): GET (or POST with the same query string) `.asp` scripts with every
 * parameter in the query string, UserID and APIKey on every call but the catalogues, JSON
 * answers with a 200 even for refusals, bare tokens for refusals before an order exists, the
 * status-code table, an HTML 503 page for an outage, and documented test values for every
 * outcome (outcomes.ts). Orders live in this process's memory: it is a test double, not a ledger.
 */
export async function registerClubkonnectSandbox(
  app: FastifyInstance,
  options: ClubkonnectSandboxOptions,
): Promise<void> {
  const orders = new Map<string, SandboxOrder>();
  const byRequestId = new Map<string, SandboxOrder>();
  const now = options.now ?? (() => new Date());
  const chaos: Chaos = { failureRate: 0, timeoutRate: 0, dropRate: 0, ...options.chaos };
  let balance = options.balance;
  let sequence = 0;
  /** Data plan prices a test changed (`SandboxSetDataPlanPrice.asp`): this sandbox's only. */
  const prices = new Map<string, number>();

  /** Who may call: the token that refuses the caller, or null. */
  function refusalOf(request: FastifyRequest): string | null {
    const query = request.query as Query;
    const userId = str(query.UserID);
    const apiKey = str(query.APIKey);
    if (!userId) return 'MISSING_USERID';
    if (!apiKey) return 'MISSING_APIKEY';
    // Both compared, whatever the first says, so the time taken says nothing of which was wrong.
    const rightUser = sameSecret(userId, options.userId);
    const rightKey = sameSecret(apiKey, options.apiKey);
    if (!rightUser || !rightKey) return 'INVALID_CREDENTIALS';
    if (options.allowedIps && !options.allowedIps.includes(request.ip)) return 'IP_NOT_WHITELISTED';
    return null;
  }

  /** The code an order answers now; a cancelled one gives the provider's money back, once. */
  function codeOf(order: SandboxOrder): string {
    const script = order.behaviour.script ?? ['200'];
    const code = order.cancelled ? '500' : script[Math.min(order.queries, script.length - 1)]!;
    if (code.startsWith('5') && !order.refunded) {
      order.refunded = true;
      balance += order.charged;
    }
    return code;
  }

  /** A purchase's answer: order id, code and status, and the product once completed. */
  function payAnswer(order: SandboxOrder) {
    const code = codeOf(order);
    const [status] = STATUS[code]!;
    return {
      orderid: order.orderId,
      statuscode: code,
      status,
      ...(order.requestId ? { requestid: order.requestId } : {}),
      ...(code === '200' ? order.delivery : {}),
    };
  }

  /** A query's answer: the purchase's, with the order's remark, date, what it was and what it cost. */
  function queryAnswer(order: SandboxOrder) {
    const code = codeOf(order);
    const [status, remark] = STATUS[code]!;
    return {
      date: orderDate(order.createdAt),
      orderid: order.orderId,
      requestid: order.requestId ?? '',
      statuscode: code,
      status,
      remark,
      ...order.fields,
      amountcharged: order.charged.toFixed(2),
      walletbalance: balance.toFixed(2),
      ...(code === '200' ? order.delivery : {}),
    };
  }

  async function purchase(request: FastifyRequest, reply: FastifyReply, product: Product, checked: Checked) {
    const query = request.query as Query;
    const requestId = str(query.RequestID) || null;
    if (requestId && !/^[A-Za-z0-9_-]{1,50}$/.test(requestId)) return { status: 'INVALID_REQUESTID' };
    // A RequestID already used: the order it made, as it stands; never a second sale ([inferred]).
    const earlier = requestId ? byRequestId.get(requestId) : undefined;
    if (earlier) return payAnswer(earlier);
    if ('refused' in checked) return { status: checked.refused };

    const behaviour = behaviourOf(checked.kind, checked.number, {
      strict: options.strict ?? false,
      chaos,
      requestId: requestId ?? `${sequence}`,
    });
    switch (behaviour.answer) {
      case 'invalid-number':
        return { status: INVALID_NUMBER[checked.kind] };
      case 'low-balance':
        return { status: 'INSUFFICIENT_BALANCE' };
      case 'outage':
        return reply.status(503).type('text/html').send(OUTAGE_PAGE);
      case undefined:
        break;
    }
    const charged = Math.round(checked.face * (100 - COMMISSION[product]!)) / 100;
    if (charged > balance) return { status: 'INSUFFICIENT_BALANCE' };
    balance -= charged;
    const orderId = String(6_500_000_000 + ++sequence);
    const order: SandboxOrder = {
      orderId,
      requestId,
      product,
      behaviour,
      queries: 0,
      cancelled: false,
      charged,
      refunded: false,
      createdAt: now(),
      fields: checked.fields,
      delivery: checked.delivery(orderId),
    };
    orders.set(orderId, order);
    if (requestId) byRequestId.set(requestId, order);

    switch (behaviour.transport) {
      case 'dropped':
        reply.hijack();
        request.raw.socket.destroy();
        return reply;
      case 'timeout':
        await holdUntilClientLeaves(request, 120_000);
        return payAnswer(order);
      case undefined:
        return payAnswer(order);
    }
  }

  /** Digits, or nothing: whether they are a plausible number is the behaviour's to judge. */
  const numberOf = (value: string) => (/^\d+$/.test(value) ? value : null);

  function checkNetwork(query: Query) {
    const code = str(query.MobileNetwork);
    if (!code) return { refused: 'MISSING_MOBILENETWORK' };
    return NETWORKS.find((network) => network.code === code) ?? { refused: 'INVALID_MOBILENETWORK' };
  }

  function checkAmount(
    query: Query,
    minimum: number,
    maximum: number,
    tooLow: string,
    tooHigh: string,
  ): { refused: string } | { amount: number } {
    const raw = str(query.Amount);
    if (!raw) return { refused: 'MISSING_AMOUNT' };
    const amount = Number(raw);
    if (!/^\d+(\.\d{1,2})?$/.test(raw) || !(amount > 0)) return { refused: 'INVALID_AMOUNT' };
    if (amount < minimum) return { refused: tooLow };
    if (amount > maximum) return { refused: tooHigh };
    return { amount };
  }

  function airtime(query: Query): Checked {
    const network = checkNetwork(query);
    if ('refused' in network) return network;
    const amount = checkAmount(query, 100, 50_000, 'MINIMUM_100', 'MINIMUM_50000');
    if ('refused' in amount) return amount;
    const number = numberOf(str(query.MobileNumber));
    if (!number) return { refused: 'INVALID_RECIPIENT' };
    return {
      kind: 'phone',
      number,
      face: amount.amount,
      fields: { ordertype: `${network.name} VTU`, mobilenetwork: network.name, mobilenumber: number },
      delivery: () => ({}),
    };
  }

  function data(query: Query): Checked {
    const network = checkNetwork(query);
    if ('refused' in network) return network;
    const plan = network.plans.find(([id]) => id === str(query.DataPlan));
    if (!plan) return { refused: 'INVALID_DATAPLAN' };
    const number = numberOf(str(query.MobileNumber));
    if (!number) return { refused: 'INVALID_RECIPIENT' };
    return {
      kind: 'phone',
      number,
      face: dataPlanPrice(network, plan, prices),
      fields: { ordertype: `${network.name} ${plan[1]}`, mobilenetwork: network.name, mobilenumber: number },
      delivery: () => ({}),
    };
  }

  function electricity(query: Query): Checked {
    const disco = DISCOS.find((d) => d.code === str(query.ElectricCompany));
    if (!disco) return { refused: 'INVALID_ELECTRICCOMPANY' };
    const meterType = METER_TYPES[str(query.MeterType)];
    if (!meterType) return { refused: 'INVALID_METERTYPE' };
    const meter = str(query.MeterNo);
    if (!PLAUSIBLE.meter.test(meter)) return { refused: 'INVALID_METERNO' };
    const amount = checkAmount(query, disco.minimum, disco.maximum, 'INVALID_AMOUNT', 'INVALID_AMOUNT');
    if ('refused' in amount) return amount;
    if (!str(query.PhoneNo)) return { refused: 'INVALID_PHONENO' };
    return {
      kind: 'meter',
      number: meter,
      face: amount.amount,
      fields: { ordertype: `${disco.name} ${meterType}`, meterno: meter, customer_name: customerName(meter) },
      // A prepaid vend carries its token; a postpaid bill is paid with none.
      delivery: (orderId): Record<string, string> =>
        meterType === 'prepaid'
          ? {
              meterno: meter,
              metertoken: digits(`token:${orderId}`, 20).replace(/(\d{4})(?=\d)/g, '$1-'),
              units: `${(amount.amount / 209.5).toFixed(1)} kWh`,
            }
          : { meterno: meter },
    };
  }

  function cable(query: Query): Checked {
    const tv = TVS.find((t) => t.code === str(query.CableTV));
    if (!tv) return { refused: 'INVALID_CABLETV' };
    const bouquet = tv.packages.find(([id]) => id === str(query.Package));
    if (!bouquet) return { refused: 'INVALID_PACKAGE' };
    const card = str(query.SmartCardNo);
    if (!PLAUSIBLE.smartcard.test(card)) return { refused: 'INVALID_SMARTCARDNO' };
    if (!str(query.PhoneNo)) return { refused: 'INVALID_PHONENO' };
    return {
      kind: 'smartcard',
      number: card,
      face: bouquet[2],
      fields: { ordertype: bouquet[1], smartcardno: card, customer_name: customerName(card) },
      delivery: () => ({}),
    };
  }

  function exam(query: Query, exams: ReadonlyArray<[string, string, number]>): Checked {
    const found = exams.find(([code]) => code === str(query.ExamType));
    if (!found) return { refused: 'INVALID_EXAMTYPE' };
    const phone = str(query.PhoneNo);
    if (!phone) return { refused: 'INVALID_PHONENO' };
    const jamb = exams === JAMB_EXAMS;
    return {
      kind: 'phone',
      number: phone,
      face: found[2],
      fields: {
        ordertype: found[1],
        phoneno: phone,
        ...(jamb && str(query.ProfileID) ? { profileid: str(query.ProfileID) } : {}),
      },
      // WAEC: a serial and a PIN; JAMB: a PIN alone.
      delivery: (orderId) => ({
        carddetails: jamb
          ? `pin: ${digits(`jamb:${orderId}`, 16)}`
          : `Serial No:WRN${digits(`serial:${orderId}`, 9)}, pin: ${digits(`pin:${orderId}`, 12)}`,
      }),
    };
  }

  /** A verify's answer: the customer's name, the biller's INVALID_ token in its place, or the outage page. */
  function verifyAnswer(reply: FastifyReply, kind: NumberKind, number: string) {
    switch (verifyOutcome(kind, number, options.strict ?? false)) {
      case 'customer':
        return { customer_name: customerName(number) };
      case 'invalid':
        return { customer_name: INVALID_NUMBER[kind] };
      case 'outage':
        return reply.status(503).type('text/html').send(OUTAGE_PAGE);
    }
  }

  function findOrder(query: Query): SandboxOrder | undefined {
    const orderId = str(query.OrderID);
    return orderId ? orders.get(orderId) : byRequestId.get(str(query.RequestID));
  }

  await app.register(
    async (scope) => {
      // The latency is spent once the whole request has arrived, as at an upstream slow to process.
      scope.addHook('preHandler', async () => {
        if (options.latencyMs) await pause(options.latencyMs);
      });
      // Scripts that do not exist answer IIS's 404 page from a route of this plugin, so that their
      // log lines go through its serializers (no query string) too: a not-found handler's would not.
      scope.route({
        method: ['GET', 'POST'],
        url: '/*',
        handler: (_request, reply) =>
          reply
            .status(404)
            .type('text/html')
            .send('<html><body><h2>404 - File or directory not found.</h2></body></html>'),
      });

      /** A script answered on GET, and on POST with the same query string as some clients send. */
      const script = (
        path: string,
        credentials: 'key' | 'none',
        handler: (request: FastifyRequest, reply: FastifyReply) => unknown,
      ) =>
        scope.route({
          method: ['GET', 'POST'],
          url: `/${path}`,
          handler: async (request, reply) => {
            const refused = credentials === 'key' ? refusalOf(request) : null;
            if (refused) return { status: refused };
            return handler(request, reply);
          },
        });

      // Catalogues: the UserID at most, no key.
      script('APIDatabundlePlansV2.asp', 'none', () => dataPlansAnswer(prices));
      // Not Clubkonnect's: how tests change a data plan's price, as Clubkonnect does when a
      // network's prices move (docs/decisions/041). MobileNetwork, DataPlan (PRODUCT_ID), Price (naira).
      script('SandboxSetDataPlanPrice.asp', 'key', (request) => {
        const query = request.query as Query;
        const network = checkNetwork(query);
        if ('refused' in network) return { status: network.refused };
        const plan = network.plans.find(([id]) => id === str(query.DataPlan));
        if (!plan) return { status: 'INVALID_DATAPLAN' };
        const price = Number(str(query.Price));
        if (!/^\d{1,9}(\.\d{1,2})?$/.test(str(query.Price)) || !(price > 0)) return { status: 'INVALID_AMOUNT' };
        prices.set(`${network.code}\n${plan[0]}`, price);
        return { status: 'PRICE_CHANGED', dataplan: plan[0], price: price.toFixed(2) };
      });
      script('APICableTVPackagesV2.asp', 'none', () => cablePackagesAnswer());
      script('APIElectricityDiscosV1.asp', 'none', () => discosAnswer());
      script('APIWAECPackagesV2.asp', 'none', () => examPackagesAnswer(WAEC_EXAMS));
      script('APIJAMBPackagesV2.asp', 'none', () => examPackagesAnswer(JAMB_EXAMS));

      script('APIWalletBalanceV1.asp', 'key', () => ({
        date: orderDate(now()),
        phoneno: '08021000000',
        balance: balance.toFixed(2),
      }));

      const q = (request: FastifyRequest) => request.query as Query;
      script('APIAirtimeV1.asp', 'key', (request, reply) => purchase(request, reply, 'airtime', airtime(q(request))));
      script('APIDatabundleV1.asp', 'key', (request, reply) => purchase(request, reply, 'data', data(q(request))));
      script('APIElectricityV1.asp', 'key', (request, reply) =>
        purchase(request, reply, 'electricity', electricity(q(request))),
      );
      script('APICableTVV1.asp', 'key', (request, reply) => purchase(request, reply, 'cable', cable(q(request))));
      script('APIWAECV1.asp', 'key', (request, reply) =>
        purchase(request, reply, 'exam', exam(q(request), WAEC_EXAMS)),
      );
      script('APIJAMBV1.asp', 'key', (request, reply) =>
        purchase(request, reply, 'exam', exam(q(request), JAMB_EXAMS)),
      );

      script('APIVerifyElectricityV1.asp', 'key', (request, reply) => {
        const query = q(request);
        if (!DISCOS.some((d) => d.code === str(query.ElectricCompany))) return { status: 'INVALID_ELECTRICCOMPANY' };
        return verifyAnswer(reply, 'meter', str(query.MeterNo));
      });
      const verifyCard = (request: FastifyRequest, reply: FastifyReply) => {
        const query = q(request);
        if (!TVS.some((tv) => tv.code === str(query.CableTV))) return { status: 'INVALID_CABLETV' };
        return verifyAnswer(reply, 'smartcard', str(query.SmartCardNo));
      };
      // One integration calls it V1.0.
      script('APIVerifyCableTVV1.asp', 'key', verifyCard);
      script('APIVerifyCableTVV1.0.asp', 'key', verifyCard);
      script('APIVerifyJAMBV1.asp', 'key', (request, reply) =>
        verifyAnswer(reply, 'profile', str(q(request).ProfileID)),
      );

      // By OrderID or RequestID. Each query moves a scripted order one step.
      script('APIQueryV1.asp', 'key', (request) => {
        const query = q(request);
        const order = findOrder(query);
        if (!order) return { status: str(query.OrderID) ? 'INVALID_ORDERID' : 'INVALID_REQUESTID' };
        order.queries++;
        return queryAnswer(order);
      });

      // The dispute flow's last step: an order not yet final is cancelled and paid back; a final one is 521.
      script('APICancelV1.asp', 'key', (request) => {
        const order = findOrder(q(request));
        if (!order) return { status: 'INVALID_ORDERID' };
        const code = codeOf(order);
        if (code === '200' || code.startsWith('5')) {
          const [status, remark] = STATUS['521']!;
          return { orderid: order.orderId, statuscode: '521', status, remark };
        }
        order.cancelled = true;
        const [status, remark] = STATUS['500']!;
        return { orderid: order.orderId, statuscode: codeOf(order), status, remark };
      });
    },
    {
      prefix: options.prefix.replace(/\/$/, ''),
      // Every call carries the UserID and APIKey in its query string: request log lines keep the path only.
      logSerializers: {
        req: (request: { method?: string; url?: string }) => `${request.method} ${(request.url ?? '').split('?')[0]}`,
      },
    },
  );
}
