import { z } from 'zod';
import { REQUERY_DEFAULTS } from './modules/purchases/requery-schedule.js';

const ZBool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

const ZBasePath = z
  .string()
  .regex(/^\/([A-Za-z0-9._~-]+\/)*$/, 'must start and end with "/", like / or /agents/')
  .optional()
  .transform((value) => value ?? '/');

/** Whole naira of a gateway fee (flat part or cap; a cap of 0 is no cap). */
const ZFeeNaira = z.coerce.number().int().min(0).max(1_000_000);
/** A gateway fee's percentage of the transfer, to the hundredth. */
const ZFeePercent = z.coerce
  .number()
  .min(0)
  .max(100)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'at most two decimals');

/** Environment variables, parsed once at start-up. */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  BASE_PATH: z.preprocess((value) => (value === '' ? undefined : value), ZBasePath),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  SEED_DEMO: ZBool.optional(),
  SEED_DEMO_ROUTES: ZBool.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('AgentDesk <no-reply@agentdesk.local>'),
  BRAND_NAME: z.string().trim().min(1).max(60).default('AgentDesk'),
  SUPPORT_WHATSAPP: z
    .string()
    .regex(/^234[789][01]\d{8}$/, 'must be an international Nigerian number like 2348012345678')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(60),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(12),
  AUTH_IP_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  RESELLER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  UPSTREAM_BASE_URL: z.url().optional(),
  UPSTREAM_API_KEY: z.string().min(1).optional(),
  UPSTREAM_PUBLIC_KEY: z.string().min(1).optional(),
  UPSTREAM_SECRET_KEY: z.string().min(1).optional(),
  UPSTREAM_USERNAME: z.string().min(1).optional(),
  UPSTREAM_PASSWORD: z.string().min(1).optional(),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  UPSTREAM_WEBHOOK_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,100}$/, 'must be 16 to 100 letters, digits, "-" or "_"')
    .optional(),
  REQUERY_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  BULK_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(2_000),
  REQUERY_BACKOFF_SECONDS: z
    .string()
    .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, 'must be whole seconds separated by commas, like 10,30,60')
    .default(REQUERY_DEFAULTS.backoffSeconds.join(','))
    .transform((value) => value.split(',').map((seconds) => Number(seconds.trim())))
    .refine((waits) => waits.every((seconds) => seconds >= 1 && seconds <= 86_400), 'each wait is 1 to 86400 seconds'),
  REQUERY_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(REQUERY_DEFAULTS.concurrency),
  FLOAT_POLL_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
  // How often the catalogue and every other upstream's plans are read again, their prices
  // followed (decision 041); 0 turns it off. The first sync at start is main.ts's.
  PRICE_SYNC_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 86_400_000)
    .default(21_600_000),
  // The circuit breaker (decision 040): an upstream whose last BREAKER_MIN_ATTEMPTS attempts at a
  // service delivered under BREAKER_MIN_SUCCESS_PERCENT is skipped for BREAKER_COOLDOWN_MS.
  BREAKER_MIN_ATTEMPTS: z.coerce.number().int().min(2).max(1000).default(10),
  BREAKER_MIN_SUCCESS_PERCENT: z.coerce.number().int().min(1).max(100).default(50),
  BREAKER_COOLDOWN_MS: z.coerce.number().int().min(1000).max(86_400_000).default(600_000),
  WEBHOOK_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(2_000),
  WEBHOOK_ALLOW_PRIVATE_URLS: ZBool.optional(),
  // A second upstream, Clubkonnect (issue 22): seeds its configuration at the first start when
  // both are set; with the built-in sandboxes (no UPSTREAM_BASE_URL) it is seeded against its own.
  CLUBKONNECT_BASE_URL: z.url().optional(),
  CLUBKONNECT_USER_ID: z.string().min(1).optional(),
  CLUBKONNECT_API_KEY: z.string().min(1).optional(),
  SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  SANDBOX_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  SANDBOX_STRICT: ZBool.default(false),
  SANDBOX_BALANCE: z.coerce.number().int().min(0).max(1_000_000_000_000).default(5_000_000),
  PAYSTACK_SECRET_KEY: z.string().min(8).optional(),
  MONNIFY_CLIENT_SECRET: z.string().min(8).optional(),
  // Self-funding wallets (decision 046): the gateways' APIs, their built-in sandboxes when unset
  // in the demo (no UPSTREAM_BASE_URL), and the fee kept from each transfer.
  PAYSTACK_BASE_URL: z.url().optional(),
  PAYSTACK_PREFERRED_BANK: z.string().min(1).optional(),
  // Paystack's customer identification before a dedicated account (decision 046): required of
  // merchants in the Betting, Financial services and General Services categories, which an
  // airtime reseller is; on by default wherever Paystack is.
  PAYSTACK_VALIDATE_CUSTOMERS: ZBool.default(true),
  MONNIFY_BASE_URL: z.url().optional(),
  MONNIFY_API_KEY: z.string().min(1).optional(),
  MONNIFY_CONTRACT_CODE: z.string().min(1).optional(),
  MONNIFY_PREFERRED_BANK: z.string().min(1).default('50515'),
  GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  PAYSTACK_FEE_FLAT_NAIRA: ZFeeNaira.default(0),
  PAYSTACK_FEE_PERCENT: ZFeePercent.default(1),
  PAYSTACK_FEE_CAP_NAIRA: ZFeeNaira.default(300),
  MONNIFY_FEE_FLAT_NAIRA: ZFeeNaira.default(0),
  MONNIFY_FEE_PERCENT: ZFeePercent.default(1.5),
  MONNIFY_FEE_CAP_NAIRA: ZFeeNaira.default(2000),
  KYC_ENCRYPTION_KEY: z
    .string()
    .refine(
      (value) => Buffer.from(value, 'base64').length === 32,
      'must be 32 bytes in base64 (openssl rand -base64 32)',
    )
    .optional(),
  TRUST_PROXY: ZBool.default(false),
  ADJUSTMENT_APPROVAL_THRESHOLD_NAIRA: z.coerce.number().int().min(0).max(1_000_000_000).default(50_000),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters (try: openssl rand -base64 48)').optional(),
});

/** The environment with the rules that tie variables together. */
const ZCheckedEnv = ZEnv.superRefine((env, context) => {
  // A Monnify webhook is credited only after Monnify's API confirms it (decision 046): outside the
  // demo the API's credentials come with the webhook's secret.
  if (env.UPSTREAM_BASE_URL && env.MONNIFY_CLIENT_SECRET) {
    for (const name of ['MONNIFY_API_KEY', 'MONNIFY_CONTRACT_CODE'] as const) {
      if (env[name]) continue;
      context.addIssue({ code: 'custom', path: [name], message: 'is required with MONNIFY_CLIENT_SECRET' });
    }
  }
});

export type Config = ReturnType<typeof toConfig>;

/** The fee kept from each gateway transfer: flat plus a percentage, at most the cap (kobo; 0n: no cap). */
export interface GatewayFee {
  flat: bigint;
  bps: number;
  cap: bigint;
}

const fee = (flat: number, percent: number, cap: number): GatewayFee => ({
  flat: BigInt(flat) * 100n,
  bps: Math.round(percent * 100),
  cap: BigInt(cap) * 100n,
});

/** The built-in gateway sandboxes' credentials (published, like the upstream sandbox's keys). */
export const GATEWAY_SANDBOX_CREDENTIALS = {
  paystackSecret: 'sk_test_agentdesk_sandbox_paystack',
  monnifyApiKey: 'MK_TEST_AGENTDESK',
  monnifySecret: 'agentdesk_sandbox_monnify_secret',
  monnifyContractCode: '7059707855',
} as const;

function toGateways(env: z.infer<typeof ZEnv>) {
  const demo = !env.UPSTREAM_BASE_URL;
  const paystackSecret = env.PAYSTACK_SECRET_KEY ?? (demo ? GATEWAY_SANDBOX_CREDENTIALS.paystackSecret : undefined);
  const monnifySecret = env.MONNIFY_CLIENT_SECRET ?? (demo ? GATEWAY_SANDBOX_CREDENTIALS.monnifySecret : undefined);
  return {
    paystackSecret,
    monnifySecret,
    timeoutMs: env.GATEWAY_TIMEOUT_MS,
    paystack: paystackSecret
      ? {
          /** Unset: the built-in sandbox (demo) or api.paystack.co. */
          sandbox: demo && !env.PAYSTACK_BASE_URL,
          baseUrl: env.PAYSTACK_BASE_URL ?? (demo ? null : 'https://api.paystack.co'),
          secretKey: paystackSecret,
          preferredBank: env.PAYSTACK_PREFERRED_BANK ?? (demo ? 'test-bank' : 'wema-bank'),
          /** Identify each customer (BVN + a bank account linked to it) before the dedicated account. */
          validateCustomers: env.PAYSTACK_VALIDATE_CUSTOMERS,
          fee: fee(env.PAYSTACK_FEE_FLAT_NAIRA, env.PAYSTACK_FEE_PERCENT, env.PAYSTACK_FEE_CAP_NAIRA),
        }
      : undefined,
    monnify:
      monnifySecret && (demo || (env.MONNIFY_API_KEY && env.MONNIFY_CONTRACT_CODE))
        ? {
            sandbox: demo && !env.MONNIFY_BASE_URL,
            baseUrl: env.MONNIFY_BASE_URL ?? (demo ? null : 'https://api.monnify.com'),
            apiKey: env.MONNIFY_API_KEY ?? GATEWAY_SANDBOX_CREDENTIALS.monnifyApiKey,
            secretKey: monnifySecret,
            contractCode: env.MONNIFY_CONTRACT_CODE ?? GATEWAY_SANDBOX_CREDENTIALS.monnifyContractCode,
            preferredBank: env.MONNIFY_PREFERRED_BANK,
            fee: fee(env.MONNIFY_FEE_FLAT_NAIRA, env.MONNIFY_FEE_PERCENT, env.MONNIFY_FEE_CAP_NAIRA),
          }
        : undefined,
    /** AES-256-GCM key of the agents' BVN/NIN; unset: derived from SECRET_KEY (DATA_DIR/secret.key). */
    kycEncryptionKey: env.KYC_ENCRYPTION_KEY ? Buffer.from(env.KYC_ENCRYPTION_KEY, 'base64') : undefined,
  };
}

function toConfig(env: z.infer<typeof ZEnv>) {
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    /**
     * Where to listen; unset: all interfaces, except while demo accounts with their published
     * passwords exist, when only loopback (main.ts decides, once it knows).
     */
    host: env.HOST,
    basePath: env.BASE_PATH,
    publicUrl: env.PUBLIC_URL,
    database: env.DATABASE_URL
      ? { kind: 'postgres' as const, url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { kind: 'pglite' as const, dataDir: env.DATA_DIR },
    /** Demo accounts: on by default on the embedded database only. */
    seedDemo: env.SEED_DEMO ?? !env.DATABASE_URL,
    /** With the demo: route airtime and data to both sandboxes on a first start (decision 037). */
    seedDemoRoutes: env.SEED_DEMO_ROUTES ?? env.SEED_DEMO ?? !env.DATABASE_URL,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    brandName: env.BRAND_NAME,
    supportWhatsapp: env.SUPPORT_WHATSAPP,
    logLevel: env.LOG_LEVEL,
    session: {
      idleMs: env.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
    },
    rateLimit: {
      authIpPerMinute: env.AUTH_IP_LIMIT_PER_MINUTE,
      redisUrl: env.REDIS_URL,
      /** Calls per API key per minute on the reseller API. */
      resellerPerKeyPerMinute: env.RESELLER_RATE_LIMIT_PER_MINUTE,
    },
    webDistDir: env.WEB_DIST_DIR,
    /**
     * The upstream aggregator. Without UPSTREAM_BASE_URL the built-in sandbox is mounted at
     * /sandbox/vtpass/api/ and the adapter talks to it over HTTP like to the real one.
     */
    upstream: {
      sandbox: !env.UPSTREAM_BASE_URL,
      baseUrl: env.UPSTREAM_BASE_URL,
      apiKey: env.UPSTREAM_API_KEY ?? 'sandbox-api-key',
      publicKey: env.UPSTREAM_PUBLIC_KEY ?? 'PK_sandbox',
      secretKey: env.UPSTREAM_SECRET_KEY ?? 'SK_sandbox',
      /**
       * Basic authentication (username:password), the upstream's older method that several
       * client libraries still use: the built-in sandbox accepts it when both are set.
       */
      basicAuth:
        env.UPSTREAM_USERNAME && env.UPSTREAM_PASSWORD
          ? { username: env.UPSTREAM_USERNAME, password: env.UPSTREAM_PASSWORD }
          : undefined,
      timeoutMs: env.UPSTREAM_TIMEOUT_MS,
      /** The upstream's webhook posts to /api/v1/webhooks/upstream/<token>; off when unset. */
      webhookToken: env.UPSTREAM_WEBHOOK_TOKEN,
      /** How often the requery worker looks for unresolved orders; 0 turns it off. */
      requeryIntervalMs: env.REQUERY_INTERVAL_MS,
      /** How often the bulk worker looks for queued bulk rows (besides when a batch arrives); 0 turns it off. */
      bulkIntervalMs: env.BULK_INTERVAL_MS,
      /** How often the catalogue and the upstreams' plans are read again (decision 041); 0 turns it off. */
      priceSyncIntervalMs: env.PRICE_SYNC_INTERVAL_MS,
      /** Seconds before each requery of an order still unresolved, by requeries made; the last repeats. */
      requeryBackoffSeconds: env.REQUERY_BACKOFF_SECONDS,
      /** How many orders one worker asks the upstream about at once. */
      requeryConcurrency: env.REQUERY_CONCURRENCY,
      /** How often the upstream's balance (the float on the console's overview) is read; 0 turns it off. */
      floatPollIntervalMs: env.FLOAT_POLL_INTERVAL_MS,
      /** When a route skips an upstream whose attempts at a service collapsed (decision 040). */
      breaker: {
        minAttempts: env.BREAKER_MIN_ATTEMPTS,
        minSuccessPercent: env.BREAKER_MIN_SUCCESS_PERCENT,
        cooldownMs: env.BREAKER_COOLDOWN_MS,
      },
    },
    /**
     * The second upstream (decision 037): set by CLUBKONNECT_* (which then wins at every start),
     * or seeded once against its built-in sandbox beside VTpass's; otherwise none until an
     * operator adds it.
     */
    clubkonnect:
      env.CLUBKONNECT_USER_ID && env.CLUBKONNECT_API_KEY
        ? {
            baseUrl: env.CLUBKONNECT_BASE_URL ?? null,
            userId: env.CLUBKONNECT_USER_ID,
            apiKey: env.CLUBKONNECT_API_KEY,
            fromEnvironment: true,
          }
        : !env.UPSTREAM_BASE_URL
          ? { baseUrl: null, userId: 'CK100000001', apiKey: 'sandbox-clubkonnect-key', fromEnvironment: false }
          : undefined,
    /**
     * The agents' signed webhooks. Plain http is allowed only in development and with the
     * built-in sandbox; private and local addresses likewise, unless WEBHOOK_ALLOW_PRIVATE_URLS says.
     */
    webhooks: {
      /** How often the worker sends due deliveries; 0 turns it off. */
      intervalMs: env.WEBHOOK_INTERVAL_MS,
      allowHttp: !env.UPSTREAM_BASE_URL || env.NODE_ENV !== 'production',
      allowPrivate: env.WEBHOOK_ALLOW_PRIVATE_URLS ?? (!env.UPSTREAM_BASE_URL || env.NODE_ENV !== 'production'),
    },
    sandbox: {
      latencyMs: env.SANDBOX_LATENCY_MS,
      failureRate: env.SANDBOX_FAILURE_RATE,
      strict: env.SANDBOX_STRICT,
      /** Naira the provider holds at the sandbox: sales beyond it fail with 018, as at the upstream. */
      balance: env.SANDBOX_BALANCE,
    },
    /**
     * Automatic funding through the gateways (decisions 014, 046). Outside the demo each is off until
     * its secret is set; in the demo (no UPSTREAM_BASE_URL) both run against their built-in
     * sandboxes, mounted on this server, unless a base URL says otherwise.
     */
    gateways: toGateways(env),
    trustProxy: env.TRUST_PROXY,
    /** Wallet adjustments above this (kobo) wait for a second operator's approval (decision 033). */
    adjustmentApprovalThreshold: BigInt(env.ADJUSTMENT_APPROVAL_THRESHOLD_NAIRA) * 100n,
    /** The root secret that API key hashes and webhook secrets are keyed with; DATA_DIR/secret.key when unset. */
    secretKey: env.SECRET_KEY,
    /** Where the embedded database and the generated secret.key live. */
    dataDir: env.DATA_DIR,
  };
}

const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'SMTP_URL',
  'REDIS_URL',
  'PAYSTACK_SECRET_KEY',
  'MONNIFY_CLIENT_SECRET',
  'MONNIFY_API_KEY',
  'KYC_ENCRYPTION_KEY',
  'SECRET_KEY',
  'UPSTREAM_SECRET_KEY',
  'UPSTREAM_PASSWORD',
  'CLUBKONNECT_USER_ID',
  'CLUBKONNECT_API_KEY',
]);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws a ConfigError that names every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = ZCheckedEnv.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        // Secrets, and URLs that may carry passwords, are never echoed.
        const shown = SECRET_VARIABLES.has(name) ? '' : ` (got ${JSON.stringify(env[name])})`;
        return `${name}: ${issue.message}${shown}`;
      }),
    );
  }
  return toConfig(result.data);
}
