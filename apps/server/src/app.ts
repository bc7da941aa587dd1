import type { AddressInfo } from 'node:net';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { answerFrameworkError, installErrorHandling } from './http/error-handler.js';
import { installOpenApi } from './http/openapi.js';
import { installRateLimits } from './http/rate-limits.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { DEFAULT_WEB_DIST, installWebApp } from './http/web-app.js';
import { systemClock, type Clock } from './lib/clock.js';
import { createLogger } from './lib/logger.js';
import { createServerSecret, type ServerSecret } from './lib/server-secret.js';
import { registerBulkPurchaseRoutes } from './modules/bulk-purchases/bulk-purchases.routes.js';
import {
  createBulkPurchasesService,
  type BulkPurchasesService,
} from './modules/bulk-purchases/bulk-purchases.service.js';
import { startBackgroundWorker } from './lib/background-worker.js';
import { registerAccountExtras } from './modules/account-extras.routes.js';
import { registerAgentHome } from './modules/agent-home.routes.js';
import { registerAgentsAdminRoutes } from './modules/agents/agents-admin.routes.js';
import { registerApiKeyRoutes } from './modules/api-keys/api-keys.routes.js';
import { createApiKeysService } from './modules/api-keys/api-keys.service.js';
import { registerAuditAdminRoutes } from './modules/audit/audit-admin.routes.js';
import { createAccountsService } from './modules/auth/accounts.service.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { createPasswordResetService } from './modules/auth/password-reset.service.js';
import { createSessionsService } from './modules/auth/sessions.service.js';
import { createCatalogLookup } from './modules/catalog/catalog-lookup.js';
import { registerCatalogAdminRoutes } from './modules/catalog/catalog-admin.routes.js';
import { refreshServiceVariations } from './modules/catalog/catalog-sync.service.js';
import { startPriceSync } from './modules/catalog/price-sync-worker.js';
import { registerCatalogRoutes } from './modules/catalog/catalog.routes.js';
import { registerFundingAdminRoutes } from './modules/funding/funding-admin.routes.js';
import { registerFundingRoutes } from './modules/funding/funding.routes.js';
import { createFundingService } from './modules/funding/funding.service.js';
import { createGatewayFundingService } from './modules/funding/gateway-funding.service.js';
import { registerGatewayWebhooks } from './modules/funding/gateway-webhooks.routes.js';
import { createGatewayClients, registerGatewaySandboxes } from './modules/gateways/gateways.js';
import { KYC_KEY_PURPOSE } from './modules/kyc/id-cipher.js';
import { registerKycAdminRoutes } from './modules/kyc/kyc-admin.routes.js';
import { registerKycRoutes } from './modules/kyc/kyc.routes.js';
import { createKycService, feeView } from './modules/kyc/kyc.service.js';
import { registerHealthAdminRoutes } from './modules/health/health-admin.routes.js';
import { createHealthCheck, registerHealthRoutes, VERSION } from './modules/health/health.routes.js';
import { registerLedgerAdminRoutes } from './modules/ledger/ledger-admin.routes.js';
import { registerMailAdminRoutes } from './modules/mail/mail-admin.routes.js';
import { createMailService } from './modules/mail/mail.service.js';
import { registerNotificationsAdminRoutes } from './modules/notifications/notifications-admin.routes.js';
import { createNotificationsService } from './modules/notifications/notifications.service.js';
import { registerOverviewAdminRoutes } from './modules/overview/overview-admin.routes.js';
import { registerOperatorsAdminRoutes } from './modules/operators/operators-admin.routes.js';
import { createOperatorsService } from './modules/operators/operators.service.js';
import { createPurchasesService, type PurchasesService } from './modules/purchases/purchases.service.js';
import { registerPurchasesAdminRoutes } from './modules/purchases/purchases-admin.routes.js';
import { registerPriceLevelsAdminRoutes } from './modules/price-levels/price-levels-admin.routes.js';
import { createTransactionPinService } from './modules/auth/transaction-pin.service.js';
import { registerTransactionPinRoutes } from './modules/auth/transaction-pin.routes.js';
import { registerPurchaseRoutes } from './modules/purchases/purchases.routes.js';
import { registerReferralsAdminRoutes } from './modules/referrals/referrals-admin.routes.js';
import { createReferralsService } from './modules/referrals/referrals.service.js';
import { registerResellerRoutes } from './modules/reseller/reseller.routes.js';
import { registerSettingsAdminRoutes } from './modules/settings/settings-admin.routes.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { startRequeryWorker } from './modules/purchases/requery-worker.js';
import { createExchangeLog } from './modules/purchases/upstream-exchanges.repo.js';
import { registerUpstreamWebhook } from './modules/purchases/upstream-webhook.routes.js';
import { registerSupportRoutes } from './modules/support/support.routes.js';
import { registerSandbox, SANDBOX_PREFIX, sandboxOptionsFrom } from './modules/upstream/sandbox/sandbox.routes.js';
import type { UpstreamAdapter } from './modules/upstream/upstream.js';
import {
  CLUBKONNECT_SANDBOX_PREFIX,
  registerClubkonnectSandbox,
} from './modules/upstream/clubkonnect-sandbox/clubkonnect-sandbox.routes.js';
import { FIRST_UPSTREAM_ID } from './modules/ledger/ledger.repo.js';
import { CREDENTIALS_KEY_PURPOSE } from './modules/routing/upstream-credentials.js';
import { createUpstreamRegistry } from './modules/routing/upstream-registry.js';
import { listUpstreams } from './modules/routing/upstreams.repo.js';
import { createOperatorAlerts } from './modules/upstream-health/operator-alerts.js';
import { createUpstreamBreaker } from './modules/upstream-health/upstream-breaker.js';
import { registerUpstreamHealthAdminRoutes } from './modules/upstream-health/upstream-health-admin.routes.js';
import { createUpstreamHealthService } from './modules/upstream-health/upstream-health.service.js';
import { seedConfiguredUpstreams } from './modules/routing/seed-upstreams.js';
import { registerUpstreamsAdminRoutes } from './modules/routing/upstreams-admin.routes.js';
import { createUpstreamsService, type UpstreamsService } from './modules/routing/upstreams.service.js';
import { registerTransactionRoutes } from './modules/transactions/transactions.routes.js';
import { registerWalletRoutes } from './modules/wallet/wallet.routes.js';
import { startWebhookWorker } from './modules/webhooks/webhook-worker.js';
import { registerWebhookRoutes } from './modules/webhooks/webhooks.routes.js';
import { createWebhooksService, type WebhooksService } from './modules/webhooks/webhooks.service.js';

export interface AppDeps {
  config: Config;
  db: Database;
  clock?: Clock;
  logger?: Logger;
  /** Replaces SMTP (tests). */
  mailTransport?: Transporter;
  /** The root secret when SECRET_KEY is unset (main.ts reads or creates DATA_DIR/secret.key). */
  secretKey?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    upstream: UpstreamAdapter;
    purchases: PurchasesService;
    /** Bulk purchases (tests drive `runDue`). */
    bulkPurchases: BulkPurchasesService;
    /** The upstreams, routes and plans as operators change them (the demo's first start seeds routes). */
    upstreams: UpstreamsService;
    /** The agents' signed webhooks (tests drive `runDue`). */
    webhooks: WebhooksService;
    /** Per-purpose keys derived from SECRET_KEY (API key hashes, webhook secrets). */
    serverSecret: ServerSecret;
  }
}

/** Bodies are small JSON; uploads (later steps) raise this per route. */
const BODY_LIMIT = 64 * 1024;

/** Builds the whole HTTP application on a database that is already migrated. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;
  const logger = deps.logger ?? createLogger(config.logLevel);
  const rootSecret = config.secretKey ?? deps.secretKey;
  if (!rootSecret) throw new Error('SECRET_KEY is not set and no secret was loaded from DATA_DIR');
  const serverSecret = createServerSecret(rootSecret);

  const app = Fastify({
    // Typed as the base logger so the instance has Fastify's default generics everywhere.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A malformed (400) or over-long (414) URL is refused before routing: the envelope too.
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', undefined);
  app.decorate('serverSecret', serverSecret);

  const mail = createMailService({
    db,
    clock,
    log: logger,
    from: config.mail.from,
    smtpUrl: config.mail.smtpUrl,
    ...(deps.mailTransport ? { transport: deps.mailTransport } : {}),
  });
  const sessions = await createSessionsService({ db, clock, policy: config.session });
  const accounts = createAccountsService({ db, clock, mail });
  app.decorate('authenticateToken', (token: string) => sessions.authenticate(token));
  const apiKeys = await createApiKeysService({ db, clock, serverSecret });
  app.decorate('authenticateApiKey', (key: string, ip: string) => apiKeys.authenticate(key, ip));

  installErrorHandling(app, { basePath: config.basePath });
  await installSecurityHeaders(app);
  await installRateLimits(app, config.rateLimit.redisUrl);
  const passwordReset = createPasswordResetService({ db, clock, mail, counters: app.failureCounters });
  // Answers of 1 KiB and more (JSON lists, the statement CSV as it streams) go out as brotli
  // (quality 4) or gzip, by Accept-Encoding; smaller ones as they are. Registered before any
  // route: it hooks the routes declared after it. The web build is precompressed (decision 032),
  // and an answer that already has a Content-Encoding is left alone. Request bodies are not
  // inflated: webhook signatures are checked over the bytes as sent.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });

  await installOpenApi(app, { brandName: config.brandName, version: VERSION });
  const healthCheck = createHealthCheck(db);
  registerHealthRoutes(app, { check: healthCheck });
  registerAuthRoutes(app, { accounts, sessions, passwordReset, authIpPerMinute: config.rateLimit.authIpPerMinute });
  const pins = createTransactionPinService({ db, clock, mail });
  registerTransactionPinRoutes(app, { pins });
  registerSupportRoutes(app, { supportWhatsapp: config.supportWhatsapp });
  const settings = createSettingsService({ db, clock, defaultSupportWhatsapp: config.supportWhatsapp });
  const notifications = createNotificationsService({ db, clock });
  registerAccountExtras(app, { db, clock, settings, notifications });
  registerWalletRoutes(app, { db });
  registerTransactionRoutes(app, { db });
  const referrals = createReferralsService({ db, clock });
  registerAgentHome(app, { db, clock, config, referrals });
  const funding = createFundingService({ db, clock });
  registerFundingRoutes(app, { db, funding });
  // Self-funding wallets (decision 046): the gateways' APIs (their sandboxes on this server in the
  // demo) open the agents' accounts and confirm each payment before it is credited, less the fee.
  const ownAddress = (path: string) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${path}`;
  const gatewayClients = createGatewayClients(config, ownAddress);
  const gatewayFees = {
    ...(config.gateways.monnify ? { monnify: config.gateways.monnify.fee } : {}),
    ...(config.gateways.paystack ? { paystack: config.gateways.paystack.fee } : {}),
  };
  const gatewayFunding = createGatewayFundingService({ db, clock, clients: gatewayClients, fees: gatewayFees });
  const kyc = createKycService({
    db,
    clock,
    log: logger,
    key: config.gateways.kycEncryptionKey ?? serverSecret.keyFor(KYC_KEY_PURPOSE),
    clients: Object.values(gatewayClients),
    fees: Object.entries(gatewayFees).map(([provider, fee]) => feeView(provider as 'monnify' | 'paystack', fee)),
    paystackValidates: config.gateways.paystack?.validateCustomers ?? false,
  });
  await registerGatewayWebhooks(app, {
    gatewayFunding,
    paystackSecret: config.gateways.paystack ? config.gateways.paystackSecret : undefined,
    monnifySecret: config.gateways.monnify ? config.gateways.monnifySecret : undefined,
    paystackIdentification: (event) => kyc.paystackIdentification(event),
  });
  registerKycRoutes(app, { kyc });
  registerKycAdminRoutes(app, { db, kyc });
  await registerGatewaySandboxes(app, config, ownAddress, () => clock.now());

  // The configured upstreams (decision 037): seeded from the environment once, the operator's
  // after that. The built-in sandboxes are reached over HTTP on this server's own port, like a
  // real upstream (known once the server listens, before the first call).
  const ownUrl = (prefix: string) => () => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${prefix}`;
  const credentialsKey = () => serverSecret.keyFor(CREDENTIALS_KEY_PURPOSE);
  const environmentUpstreams = await seedConfiguredUpstreams(db, {
    key: credentialsKey(),
    now: clock.now(),
    upstreams: {
      vtpass: {
        baseUrl: config.upstream.baseUrl ?? null,
        // The first upstream is always the server's own configuration (UPSTREAM_*, or the
        // built-in sandbox's keys, which that sandbox expects): never changed in the console.
        fromEnvironment: true,
        apiKey: config.upstream.apiKey,
        publicKey: config.upstream.publicKey,
        secretKey: config.upstream.secretKey,
      },
      clubkonnect: config.clubkonnect,
    },
  });
  // Operators are told of a breaker's opening and of a balance that will not last the day
  // (decision 040); the breaker's state is in the database, shared by every instance, and the
  // open breakers in memory until PostgreSQL notifies an opening.
  const upstreamAlerts = createOperatorAlerts({ clock, mail });
  const breaker = await createUpstreamBreaker({ db, clock, settings: config.upstream.breaker, alerts: upstreamAlerts });
  const routing = await createUpstreamRegistry({
    db,
    clock,
    credentialsKey,
    breaker,
    catalogueUpstreamId: FIRST_UPSTREAM_ID,
    adapters: {
      sandboxUrl: { vtpass: ownUrl(SANDBOX_PREFIX), clubkonnect: ownUrl(CLUBKONNECT_SANDBOX_PREFIX) },
      timeoutMs: config.upstream.timeoutMs,
      onExchange: createExchangeLog({ db, log: logger }),
      now: () => clock.now(),
    },
  });
  // The catalogue's upstream, for what is not routed: the catalogue, verifications, its float.
  const upstream = routing.delegate(FIRST_UPSTREAM_ID, 'vtpass');
  const purchases = createPurchasesService({
    db,
    clock,
    upstream,
    routing,
    catalog: await createCatalogLookup({ db, clock }),
    log: logger,
    upstreamTimeoutMs: config.upstream.timeoutMs,
    backoffSeconds: config.upstream.requeryBackoffSeconds,
    requeryConcurrency: config.upstream.requeryConcurrency,
  });
  app.decorate('upstream', upstream);
  app.decorate('purchases', purchases);
  registerCatalogRoutes(app, { db, upstream });
  registerPurchaseRoutes(app, { purchases, pins });
  // Bulk purchases (decision 045): rows queued, placed by a worker through the same purchase;
  // it also finishes, after a restart, the rows a stopped process left.
  const bulk = createBulkPurchasesService({
    db,
    clock,
    purchases,
    log: logger,
    claimMs: 2 * config.upstream.timeoutMs + 5_000,
    wake: () => bulkWorker.wake(),
  });
  const bulkWorker = startBackgroundWorker(app, {
    name: 'bulk',
    intervalMs: config.upstream.bulkIntervalMs,
    batch: 10,
    runDue: (limit) => bulk.runDue(limit),
  });
  app.decorate('bulkPurchases', bulk);
  registerBulkPurchaseRoutes(app, { bulk, pins });
  registerApiKeyRoutes(app, { apiKeys });
  registerResellerRoutes(app, {
    db,
    upstream,
    purchases,
    bulk,
    perKeyPerMinute: config.rateLimit.resellerPerKeyPerMinute,
  });
  registerUpstreamWebhook(app, {
    purchases,
    token: config.upstream.webhookToken,
    refreshVariations: (serviceId) => refreshServiceVariations({ db, clock, upstream }, serviceId),
  });
  startRequeryWorker(app, purchases, {
    intervalMs: config.upstream.requeryIntervalMs,
    batch: config.upstream.requeryConcurrency,
  });
  const webhooks = createWebhooksService({ db, clock, log: logger, serverSecret, policy: config.webhooks });
  app.decorate('webhooks', webhooks);
  registerWebhookRoutes(app, { webhooks });
  startWebhookWorker(app, webhooks, config.webhooks.intervalMs);

  // The operator API (issue 21's convention): one *-admin.routes.ts per module, all mounted
  // here. Each endpoint's roles are the contract's, enforced by mountEndpoint (decision 033).
  const operators = createOperatorsService({
    db,
    clock,
    mail,
    accounts,
    publicUrl: config.publicUrl,
    basePath: config.basePath,
    brandName: config.brandName,
  });
  registerOperatorsAdminRoutes(app, {
    accounts,
    sessions,
    operators,
    authIpPerMinute: config.rateLimit.authIpPerMinute,
  });
  registerAuditAdminRoutes(app, { db });
  registerHealthAdminRoutes(app, { check: healthCheck });
  registerLedgerAdminRoutes(app, { db });
  registerMailAdminRoutes(app, { db });
  registerAgentsAdminRoutes(app, {
    db,
    accounts,
    passwordReset,
    clock,
    adjustmentApprovalThreshold: config.adjustmentApprovalThreshold,
  });
  registerFundingAdminRoutes(app, { db, funding, gatewayFunding });
  registerCatalogAdminRoutes(app, { db, clock, upstream });
  registerPriceLevelsAdminRoutes(app, { db, clock });
  registerPurchasesAdminRoutes(app, { db, clock, purchases });
  registerSettingsAdminRoutes(app, { settings });
  const upstreams = createUpstreamsService({ db, clock, credentialsKey, registry: routing, environmentUpstreams });
  app.decorate('upstreams', upstreams);
  registerUpstreamsAdminRoutes(app, { upstreams });
  startPriceSync(app, { db, clock, upstream, upstreams, intervalMs: config.upstream.priceSyncIntervalMs });
  registerReferralsAdminRoutes(app, { referrals });
  registerNotificationsAdminRoutes(app, { notifications });
  const upstreamHealth = createUpstreamHealthService({
    db,
    clock,
    alerts: upstreamAlerts,
    reading: (id) => app.upstreamFloat.of(id),
  });
  registerOverviewAdminRoutes(app, {
    db,
    clock,
    log: logger,
    // Every configured upstream's balance, enabled or not: a disabled one may still hold money.
    upstreams: async () =>
      (await listUpstreams(db)).map((row) => ({
        id: row.id,
        adapter: row.id === FIRST_UPSTREAM_ID ? upstream : routing.delegate(row.id, row.kind),
      })),
    catalogueUpstreamId: FIRST_UPSTREAM_ID,
    floatPollIntervalMs: config.upstream.floatPollIntervalMs,
    afterRead: (readings) => upstreamHealth.checkBalances(readings),
  });
  registerUpstreamHealthAdminRoutes(app, { health: upstreamHealth });

  // The sandbox keeps the app's time, so that orders dated by a test's clock pass its request-id rule.
  if (config.upstream.sandbox) await registerSandbox(app, { ...sandboxOptionsFrom(config), now: () => clock.now() });
  if (config.clubkonnect && config.clubkonnect.baseUrl === null) {
    await registerClubkonnectSandbox(app, {
      prefix: CLUBKONNECT_SANDBOX_PREFIX,
      userId: config.clubkonnect.userId,
      apiKey: config.clubkonnect.apiKey,
      balance: config.sandbox.balance,
      latencyMs: config.sandbox.latencyMs,
      strict: config.sandbox.strict,
      now: () => clock.now(),
    });
  }

  const served = await installWebApp(app, {
    distDir: config.webDistDir ?? DEFAULT_WEB_DIST,
    basePath: config.basePath,
    brandName: config.brandName,
    apiBaseUrl: '',
  });
  if (!served) logger.warn('no web build found: serving the API only (run npm run build)');

  if (mail.mode === 'smtp') {
    const timer = setInterval(() => void mail.flush(), 30_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
    app.addHook('onReady', async () => void mail.flush());
  }
  return app;
}
