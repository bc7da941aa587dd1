import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  allowedRoles,
  OPERATOR_ROLES,
  rolesInWords,
  type Endpoint,
  type OperatorRole,
} from '@agentdesk/contract/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractEndpoints, endpointKey } from '../test/contract-endpoints.js';
import { newAgentBody, registerAgent, startTestApp, type TestApp } from '../test/test-app.js';
import { creditWallet } from '../test/test-money.js';
import { recordAtGateway } from '../test/test-gateways.js';
import { newOperatorBody, operatorToken, operatorWithRole } from '../test/test-operator.js';
import { SANDBOX_VALUES } from '../modules/upstream/sandbox/sandbox-outcomes.js';

/** Every operator endpoint the contract defines, found in its files. */
const OPERATOR_ENDPOINTS = (await contractEndpoints()).filter(({ endpoint }) => endpoint.auth === 'operator');

/** A request that the endpoint accepts and carries out (2xx) for a role it allows. */
interface MatrixRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** The call ends the session it is made with (sign-out): it gets a session of its own. */
  ownSession?: boolean;
}

/** What a request may need made first, once per call: each call acts on a target of its own. */
interface Fixtures {
  pendingFundingRequest(): Promise<string>;
  fundingAccount(): Promise<string>;
  unmatchedGatewayPayment(): Promise<string>;
  pendingOrder(): Promise<string>;
  invitedOperator(): Promise<string>;
  /** A new agent of its own (suspended, for a reactivation). */
  newAgent(): Promise<string>;
  suspendedAgent(): Promise<string>;
  /** A credit above the approval threshold, requested by an operator outside the matrix. */
  pendingAdjustment(): Promise<{ id: string; adjustmentId: string }>;
  agentUsername: string;
  agentId: string;
  plan: { serviceId: string; code: string };
  /** One of Clubkonnect's own plans, read by a plans sync. */
  clubkonnectPlan: { serviceId: string; code: string };
  /** A price level of its own for each call (created by the owner outside the matrix). */
  priceLevel(): Promise<string>;
}

let unique = 0;
const next = () => String(++unique).padStart(4, '0');

/**
 * The matrix's rows: for every operator endpoint, a request it carries out. An operator endpoint
 * added to the contract without a row here fails the first test below.
 */
const REQUESTS: Record<string, (f: Fixtures) => Promise<MatrixRequest> | MatrixRequest> = {
  'POST /api/v1/admin/auth/logout': () => ({ ownSession: true }),
  'GET /api/v1/admin/auth/me': () => ({}),
  'GET /api/v1/admin/audit': () => ({ query: { limit: '5' } }),
  'GET /api/v1/admin/health': () => ({}),
  'GET /api/v1/admin/overview': () => ({}),
  'GET /api/v1/admin/ledger/check': () => ({}),
  'GET /api/v1/admin/outbox': () => ({ query: { limit: '1' } }),
  'POST /api/v1/admin/agents': () => {
    const { password: _p, confirmPassword: _c, ...body } = newAgentBody();
    return { body };
  },
  'GET /api/v1/admin/funding-requests': () => ({}),
  'GET /api/v1/admin/funding-requests/:id/proof': async (f) => ({ params: { id: await f.pendingFundingRequest() } }),
  'POST /api/v1/admin/funding-requests/:id/approve': async (f) => ({
    params: { id: await f.pendingFundingRequest() },
  }),
  'POST /api/v1/admin/funding-requests/:id/reject': async (f) => ({
    params: { id: await f.pendingFundingRequest() },
    body: { reason: 'No such transfer on our statement' },
  }),
  'GET /api/v1/admin/funding-accounts': () => ({}),
  'POST /api/v1/admin/funding-accounts': () => ({
    body: { bankName: 'GTBank', bankCode: '058', accountNumber: `010000${next()}`, accountName: 'Provider Ltd' },
  }),
  'POST /api/v1/admin/funding-accounts/:id/disable': async (f) => ({ params: { id: await f.fundingAccount() } }),
  'GET /api/v1/admin/gateway-payments': () => ({ query: { status: 'unmatched' } }),
  'POST /api/v1/admin/gateway-payments/:id/credit': async (f) => ({
    params: { id: await f.unmatchedGatewayPayment() },
    body: { agentId: f.agentId, reason: 'Paid before the account was recorded' },
  }),
  'POST /api/v1/admin/gateway-payments/:id/dismiss': async (f) => ({
    params: { id: await f.unmatchedGatewayPayment() },
    body: { reason: 'Not an agent; refunded by the bank' },
  }),
  'POST /api/v1/admin/virtual-accounts': (f) => {
    const n = next();
    return {
      body: {
        username: f.agentUsername,
        provider: 'paystack',
        accountNumber: `902000${n}`,
        bankName: 'Wema Bank',
        accountName: 'Provider/Agent',
        providerReference: `CUS_matrix_${n}`,
      },
    };
  },
  'POST /api/v1/admin/catalog/sync': () => ({}),
  'GET /api/v1/admin/catalog/services': () => ({ query: { category: 'data', q: 'mtn' } }),
  'GET /api/v1/admin/catalog/services/:serviceId/variations': (f) => ({ params: { serviceId: f.plan.serviceId } }),
  'PATCH /api/v1/admin/catalog/services/:serviceId': () => ({
    params: { serviceId: 'mtn' },
    body: { discountPercent: '2' },
  }),
  'PATCH /api/v1/admin/catalog/services/:serviceId/variations/:code': (f) => ({
    params: f.plan,
    body: { enabled: true },
  }),
  'GET /api/v1/admin/price-levels': () => ({}),
  'POST /api/v1/admin/price-levels': () => ({ body: { name: `Matrix ${next()}` } }),
  'PATCH /api/v1/admin/price-levels/:id': async (f) => ({
    params: { id: await f.priceLevel() },
    body: { name: `Renamed ${next()}` },
  }),
  'POST /api/v1/admin/price-levels/:id/default': async (f) => ({ params: { id: await f.priceLevel() } }),
  'PUT /api/v1/admin/price-levels/:id/follow-rule': async (f) => ({
    params: { id: await f.priceLevel() },
    body: { followRule: 'keep-margin' },
  }),
  'GET /api/v1/admin/price-levels/:id/services': async (f) => ({ params: { id: await f.priceLevel() } }),
  'GET /api/v1/admin/price-levels/:id/services/:serviceId/variations': async (f) => ({
    params: { id: await f.priceLevel(), serviceId: f.plan.serviceId },
  }),
  'PUT /api/v1/admin/price-levels/:id/services/:serviceId': async (f) => ({
    params: { id: await f.priceLevel(), serviceId: f.plan.serviceId },
    body: { discountPercent: '4' },
  }),
  'PUT /api/v1/admin/price-levels/:id/services/:serviceId/variations/:code': async (f) => ({
    params: { id: await f.priceLevel(), ...f.plan },
    body: { price: '99.50' },
  }),
  'PUT /api/v1/admin/agents/:id/price-level': async (f) => ({
    params: { id: f.agentId },
    body: { levelId: await f.priceLevel() },
  }),
  'GET /api/v1/admin/orders/pending': () => ({ query: { olderThanHours: '0' } }),
  'GET /api/v1/admin/orders/alerts': () => ({}),
  'GET /api/v1/admin/orders': () => ({ query: { state: 'pending' } }),
  'GET /api/v1/admin/orders/:id': async (f) => ({ params: { id: await f.pendingOrder() } }),
  'POST /api/v1/admin/orders/requery': async (f) => ({ body: { ids: [await f.pendingOrder()] } }),
  'POST /api/v1/admin/orders/:id/requery': async (f) => ({ params: { id: await f.pendingOrder() } }),
  'POST /api/v1/admin/orders/:id/refund': async (f) => ({
    params: { id: await f.pendingOrder() },
    body: { reason: 'The customer says it never arrived' },
  }),
  'GET /api/v1/admin/settings/contact': () => ({}),
  'PATCH /api/v1/admin/settings/contact': () => ({ body: { hours: 'Mon–Sat, 8am–6pm' } }),
  'GET /api/v1/admin/settings/support': () => ({}),
  'PUT /api/v1/admin/settings/support': () => ({ body: { whatsapp: '08012345678' } }),
  'GET /api/v1/admin/upstreams': () => ({}),
  'GET /api/v1/admin/upstreams/health': () => ({}),
  'POST /api/v1/admin/upstreams': () => ({
    body: {
      id: `matrix-${next()}`,
      name: 'Another account',
      baseUrl: null,
      enabled: false,
      credentials: { kind: 'clubkonnect', userId: 'CK100000002', apiKey: 'another-accounts-key' },
    },
  }),
  'PATCH /api/v1/admin/upstreams/:id': () => ({ params: { id: 'clubkonnect' }, body: { name: 'Clubkonnect' } }),
  'GET /api/v1/admin/routes': () => ({}),
  'PUT /api/v1/admin/routes/:serviceId': () => ({
    params: { serviceId: 'glo' },
    body: { upstreams: ['vtpass', 'clubkonnect'] },
  }),
  'GET /api/v1/admin/upstreams/:id/plans': () => ({ params: { id: 'clubkonnect' } }),
  'POST /api/v1/admin/upstreams/:id/plans/sync': () => ({ params: { id: 'clubkonnect' } }),
  'PUT /api/v1/admin/upstreams/:id/plans/:serviceId/:code': (f) => ({
    params: { id: 'clubkonnect', ...f.clubkonnectPlan },
    body: { variationCode: null },
  }),
  'GET /api/v1/admin/settings/referral': () => ({}),
  'PATCH /api/v1/admin/settings/referral': () => ({ body: { marginPurchases: 10 } }),
  'POST /api/v1/admin/notifications': () => ({ body: { title: 'Maintenance tonight', body: 'From 1am to 2am.' } }),
  'GET /api/v1/admin/notifications': () => ({}),
  'POST /api/v1/admin/operators': () => ({ body: newOperatorBody('support') }),
  'GET /api/v1/admin/operators': () => ({}),
  'PATCH /api/v1/admin/operators/:id': async (f) => ({
    params: { id: await f.invitedOperator() },
    body: { role: 'finance' },
  }),
  'POST /api/v1/admin/operators/:id/deactivate': async (f) => ({ params: { id: await f.invitedOperator() } }),
  'GET /api/v1/admin/agents': () => ({ query: { limit: '5', status: 'active' } }),
  'GET /api/v1/admin/agents/:id': (f) => ({ params: { id: f.agentId } }),
  'POST /api/v1/admin/agents/:id/suspend': async (f) => ({
    params: { id: await f.newAgent() },
    body: { reason: 'Chargebacks under review' },
  }),
  'POST /api/v1/admin/agents/:id/reactivate': async (f) => ({
    params: { id: await f.suspendedAgent() },
    body: { reason: 'Cleared by the bank' },
  }),
  'POST /api/v1/admin/agents/:id/password-reset': (f) => ({ params: { id: f.agentId } }),
  'POST /api/v1/admin/agents/:id/adjustments': (f) => ({
    params: { id: f.agentId },
    body: { direction: 'credit', amount: '10', reason: 'Goodwill credit', idempotencyKey: `matrix-${randomUUID()}` },
  }),
  'GET /api/v1/admin/agents/:id/adjustments': (f) => ({ params: { id: f.agentId } }),
  'GET /api/v1/admin/agents/:id/kyc': (f) => ({ params: { id: f.agentId } }),
  'GET /api/v1/admin/agents/:id/transactions': (f) => ({ params: { id: f.agentId }, query: { type: 'funding' } }),
  'POST /api/v1/admin/agents/:id/adjustments/:adjustmentId/approve': async (f) => ({
    params: await f.pendingAdjustment(),
  }),
  'POST /api/v1/admin/agents/:id/adjustments/:adjustmentId/reject': async (f) => ({
    params: await f.pendingAdjustment(),
    body: { reason: 'No such loss on record' },
  }),
};

function urlOf(endpoint: Endpoint, request: MatrixRequest): string {
  const path = endpoint.path.replace(/:(\w+)/g, (_whole, name: string) => encodeURIComponent(request.params![name]!));
  const query = new URLSearchParams(request.query ?? {}).toString();
  return query ? `${path}?${query}` : path;
}

describe('the contract’s operator endpoints', () => {
  it('each has a request in the role matrix, and the matrix has no other', () => {
    const defined = OPERATOR_ENDPOINTS.map(({ endpoint }) => endpointKey(endpoint)).sort();
    expect(defined.length).toBeGreaterThan(30);
    expect(Object.keys(REQUESTS).sort()).toEqual(defined);
  });

  it('each declares the roles that may call it, from the three there are', () => {
    for (const { endpoint, file, name } of OPERATOR_ENDPOINTS) {
      expect(Array.isArray(endpoint.roles), `${file} ${name}`).toBe(true);
      for (const role of endpoint.roles!) expect(['finance', 'support'], `${file} ${name}`).toContain(role);
    }
  });

  it('live in the contract’s admin/ files, where nothing else does but the two public sign-in steps', async () => {
    const all = await contractEndpoints();
    for (const { endpoint, file, name } of all) {
      const inAdmin = file.startsWith('admin/');
      const underAdminPath = endpoint.path.startsWith('/api/v1/admin/');
      expect(inAdmin, `${file} ${name}`).toBe(underAdminPath);
      if (inAdmin && endpoint.auth !== 'operator') {
        expect(['POST /api/v1/admin/auth/login', 'POST /api/v1/admin/auth/accept-invite']).toContain(
          endpointKey(endpoint),
        );
      }
    }
  });
});

describe('where operator endpoints are mounted (issue 21’s convention)', () => {
  const SRC = fileURLToPath(new URL('../', import.meta.url));

  it('only from one *-admin.routes.ts per module, each registered by app.ts', async () => {
    const files = (await readdir(join(SRC, 'modules'), { recursive: true }))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .sort();
    const mounting: string[] = [];
    for (const file of files) {
      const text = await readFile(join(SRC, 'modules', file), 'utf8');
      // A value imported from the contract's admin/ files (not only types) and mounted.
      const importsAdminValue = /^import \{[^}]*\} from '@agentdesk\/contract\/admin\//m.test(text);
      const mountsOperatorEndpoint = importsAdminValue && /mountEndpoint\(/.test(text);
      if (mountsOperatorEndpoint) mounting.push(file);
    }
    expect(mounting.length).toBeGreaterThan(5);
    for (const file of mounting) expect(file).toMatch(/^[a-z-]+\/[a-z-]+-admin\.routes\.ts$/);
    const modules = mounting.map((file) => file.split('/')[0]);
    expect(new Set(modules).size, 'one file per module').toBe(modules.length);
    const app = await readFile(join(SRC, 'app.ts'), 'utf8');
    for (const file of mounting) expect(app, file).toContain(`'./modules/${file.replace(/\.ts$/, '.js')}'`);
    // Catalogue endpoints in catalog, order endpoints in purchases.
    const catalog = await readFile(join(SRC, 'modules/catalog/catalog-admin.routes.ts'), 'utf8');
    expect(catalog).toContain("from '@agentdesk/contract/admin/catalog'");
    expect(catalog).not.toContain("from '@agentdesk/contract/admin/orders'");
    const orders = await readFile(join(SRC, 'modules/purchases/purchases-admin.routes.ts'), 'utf8');
    expect(orders).toContain("from '@agentdesk/contract/admin/orders'");
    expect(orders).not.toContain("from '@agentdesk/contract/admin/catalog'");
  });
});

describe('every operator endpoint × every role, over HTTP', () => {
  let t: TestApp;
  const sessions = {} as Record<OperatorRole, { token: string; username: string; password: string }>;
  let fixtures: Fixtures;

  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '100000' } });
    const owner = await operatorToken(t);
    sessions.owner = { token: owner, username: 'operator', password: 'Operator#2026' };
    for (const role of ['finance', 'support'] as const) sessions[role] = await operatorWithRole(t, owner, role);
    expect((await t.request('POST', '/api/v1/admin/catalog/sync', { token: owner })).status).toBe(200);

    const agent = await registerAgent(t);
    await creditWallet(t.db, agent.user.id, 10_000_000n);
    const account = await t.request('POST', '/api/v1/admin/funding-accounts', {
      token: owner,
      body: { bankName: 'Zenith Bank', bankCode: '057', accountNumber: '1012345671', accountName: 'Provider Ltd' },
    });
    const [plan] = await t.db.query<{ serviceId: string; code: string }>(
      `SELECT service_id AS "serviceId", code FROM catalog_variations WHERE service_id = 'mtn-data' ORDER BY code LIMIT 1`,
    );
    expect((await t.request('POST', '/api/v1/admin/upstreams/clubkonnect/plans/sync', { token: owner })).status).toBe(
      200,
    );
    const [clubkonnectPlan] = await t.db.query<{ serviceId: string; code: string }>(
      `SELECT service_id AS "serviceId", code FROM upstream_plans WHERE upstream_id = 'clubkonnect' ORDER BY code LIMIT 1`,
    );
    // Pending adjustments are requested by an operator none of the matrix's sessions is: anyone may approve them.
    const requester = await operatorWithRole(t, owner, 'finance');
    const newAgent = async () => (await registerAgent(t)).user.id;
    fixtures = {
      agentUsername: agent.body.username,
      newAgent,
      async suspendedAgent() {
        const id = await newAgent();
        const suspended = await t.request('POST', `/api/v1/admin/agents/${id}/suspend`, {
          token: owner,
          body: { reason: 'Chargebacks under review' },
        });
        expect(suspended.status, suspended.body.message).toBe(200);
        return id;
      },
      async pendingAdjustment() {
        const requested = await t.request('POST', `/api/v1/admin/agents/${agent.user.id}/adjustments`, {
          token: requester.token,
          body: {
            direction: 'credit',
            amount: '60000',
            reason: 'Transfer lost',
            idempotencyKey: `matrix-${randomUUID()}`,
          },
        });
        expect(requested.body.data?.status, requested.body.message).toBe('pending');
        return { id: agent.user.id, adjustmentId: requested.body.data.id as string };
      },
      agentId: agent.user.id,
      plan: plan!,
      clubkonnectPlan: clubkonnectPlan!,
      async priceLevel() {
        const created = await t.request('POST', '/api/v1/admin/price-levels', {
          token: owner,
          body: { name: `Level ${next()}` },
        });
        expect(created.status, created.body.message).toBe(201);
        return created.body.data.id as string;
      },
      async pendingFundingRequest() {
        const reported = await t.request('POST', '/api/v1/agent/funding-requests', {
          token: agent.token,
          body: {
            accountId: account.body.data.id,
            amount: '5000',
            senderName: 'Chidi Okafor',
            reference: `MATRIX-${next()}`,
            transferDate: '2026-01-02',
            // A PNG's signature is all the upload checks: enough for the proof endpoint's row.
            proof: {
              fileName: 'receipt.png',
              contentBase64: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]).toString('base64'),
            },
          },
        });
        expect(reported.status, reported.body.message).toBe(201);
        return reported.body.data.id as string;
      },
      async fundingAccount() {
        const added = await t.request('POST', '/api/v1/admin/funding-accounts', {
          token: owner,
          body: { bankName: 'Access Bank', bankCode: '044', accountNumber: `020000${next()}`, accountName: 'Provider' },
        });
        expect(added.status, added.body.message).toBe(201);
        return added.body.data.id as string;
      },
      async unmatchedGatewayPayment() {
        // As a gateway's webhook leaves a payment to an account no agent has on record: the row as
        // the webhook writes it, and the payment known to the built-in Paystack sandbox, whose
        // verify call an operator's credit makes first (decision 046).
        const reference = `PSK-MATRIX-${next()}`;
        const payload = JSON.stringify({
          event: 'charge.success',
          data: {
            reference,
            amount: 100000,
            status: 'success',
            channel: 'dedicated_nuban',
            authorization: { channel: 'dedicated_nuban', receiver_bank_account_number: '9900000001' },
            customer: { customer_code: `CUS_matrix${next()}` },
          },
        });
        await recordAtGateway(t, 'paystack', payload);
        const [row] = await t.db.query<{ id: string }>(
          `INSERT INTO gateway_events (provider, reference, amount, outcome, payload, received_at)
           VALUES ('paystack', $1, 100000, 'unmatched', $2, now()) RETURNING id`,
          [reference, payload],
        );
        return row!.id;
      },
      async pendingOrder() {
        const requestId = randomUUID();
        const bought = await t.request('POST', '/api/v1/agent/purchases', {
          token: agent.token,
          body: { service: 'airtime', requestId, network: 'mtn', phone: SANDBOX_VALUES.pendingPhone, amount: '100' },
        });
        expect(bought.body.data?.status, bought.body.message).toBe('pending');
        const [order] = await t.db.query<{ id: string }>('SELECT id FROM orders WHERE request_id = $1', [requestId]);
        return order!.id;
      },
      async invitedOperator() {
        const invited = await t.request('POST', '/api/v1/admin/operators', {
          token: owner,
          body: newOperatorBody('support'),
        });
        expect(invited.status, invited.body.message).toBe(201);
        return invited.body.data.id as string;
      },
    };
  }, 120_000);
  afterAll(() => t?.close());

  async function sessionFor(role: OperatorRole, request: MatrixRequest): Promise<string> {
    if (!request.ownSession) return sessions[role].token;
    const login = await t.request('POST', '/api/v1/admin/auth/login', {
      body: { identifier: sessions[role].username, password: sessions[role].password },
    });
    return login.body.data.authorization.token as string;
  }

  describe.each(OPERATOR_ENDPOINTS.map(({ endpoint }) => [endpointKey(endpoint), endpoint] as const))(
    '%s',
    (_key, endpoint) => {
      const allowed = allowedRoles(endpoint.roles!);

      it.each(OPERATOR_ROLES.map((role) => [role, allowed.includes(role)] as const))(
        '%s: allowed %s',
        async (role, isAllowed) => {
          const request = await REQUESTS[endpointKey(endpoint)]!(fixtures);
          const answer = await t.request(endpoint.method, urlOf(endpoint, request), {
            token: await sessionFor(role, request),
            ...(request.body !== undefined ? { body: request.body } : {}),
          });
          if (isAllowed) {
            // Carried out: not refused, not broken, not a request the matrix got wrong.
            expect(answer.status, `${answer.status} ${answer.body.code} ${answer.body.message}`).toBeGreaterThanOrEqual(
              200,
            );
            expect(answer.status, `${answer.status} ${answer.body.code} ${answer.body.message}`).toBeLessThan(300);
          } else {
            expect(answer.status).toBe(403);
            expect(answer.body).toEqual({
              code: 'FORBIDDEN',
              message: `This needs the ${rolesInWords(endpoint.roles!)} role; you are ${role}`,
            });
          }
        },
      );
    },
  );
});
