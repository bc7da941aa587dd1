import { z } from 'zod';
import { SERVICE_CATEGORIES } from '../catalog/services.js';
import { defineEndpoint, EVERY_OPERATOR, OWNER_ONLY } from '../endpoint.js';
import { ZNaira } from '../money.js';
import { zText } from '../text.js';

/** The kinds of upstream AgentDesk speaks to, each behind its adapter (decision 037). */
export const UPSTREAM_KINDS = ['vtpass', 'clubkonnect'] as const;

const secret = (name: string) => zText(name).trim().min(4, `${name} is too short`).max(200, `${name} is too long`);

/** What each kind signs its calls with. Write-only: the server answers only their last four characters. */
export const ZUpstreamCredentials = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('vtpass'),
    apiKey: secret('credentials.apiKey'),
    publicKey: secret('credentials.publicKey'),
    secretKey: secret('credentials.secretKey'),
  }),
  z.strictObject({
    kind: z.literal('clubkonnect'),
    userId: secret('credentials.userId'),
    apiKey: secret('credentials.apiKey'),
  }),
]);

const ZUpstreamId = zText('id')
  .trim()
  .regex(/^[a-z][a-z0-9-]{1,31}$/, 'id: 2 to 32 lowercase letters, digits or dashes, starting with a letter');

const ZBaseUrl = zText('baseUrl')
  .trim()
  .max(300, 'baseUrl is too long')
  .refine((value) => /^https?:\/\/[^\s]+\/$/.test(value), 'baseUrl: an http(s) address ending with /')
  .nullable();

export const ZUpstream = z.object({
  id: z.string(),
  kind: z.enum(UPSTREAM_KINDS),
  name: z.string(),
  /** Null: the built-in sandbox of its kind. */
  baseUrl: z.string().nullable(),
  enabled: z.boolean(),
  /** The last four characters of each credential, to tell which is set. */
  credentials: z.record(z.string(), z.string()),
  /** The first upstream: the catalogue's, and every service's route when it has none of its own. */
  catalogue: z.boolean(),
  /** Its address and credentials come from the server's environment at every start: not changed here. */
  setByEnvironment: z.boolean(),
  updatedAt: z.string(),
});
export type TUpstream = z.infer<typeof ZUpstream>;

export const listUpstreams = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/upstreams',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary: 'The upstreams the provider buys from (credentials masked)',
  data: z.array(ZUpstream),
});

export const createUpstream = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/upstreams',
  auth: 'operator',
  roles: OWNER_ONLY,
  tags: ['Operator'],
  summary: 'Add an upstream: its credentials are stored encrypted and never shown again',
  body: z.strictObject({
    id: ZUpstreamId,
    name: zText('name').trim().min(1, 'name is required').max(80, 'name is too long'),
    baseUrl: ZBaseUrl,
    enabled: z.boolean().default(true),
    credentials: ZUpstreamCredentials,
  }),
  data: ZUpstream,
});

export const updateUpstream = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/admin/upstreams/:id',
  auth: 'operator',
  roles: OWNER_ONLY,
  tags: ['Operator'],
  summary: 'Rename an upstream, change its address or credentials, switch it on or off (absent fields stay)',
  params: z.strictObject({ id: zText('id').min(1).max(40) }),
  body: z.strictObject({
    name: zText('name').trim().min(1, 'name is required').max(80, 'name is too long').optional(),
    baseUrl: ZBaseUrl.optional(),
    enabled: z.boolean().optional(),
    credentials: ZUpstreamCredentials.optional(),
  }),
  data: ZUpstream,
});

export const ZServiceRoute = z.object({
  serviceId: z.string(),
  name: z.string(),
  category: z.enum(SERVICE_CATEGORIES),
  /** The upstreams an order is offered to, in order; empty: the catalogue's upstream alone. */
  upstreams: z.array(z.string()),
});

export const listRoutes = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/routes',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary: "Every catalogue service's route: the upstreams its orders go to, in order",
  data: z.array(ZServiceRoute),
});

export const setRoute = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/admin/routes/:serviceId',
  auth: 'operator',
  roles: OWNER_ONLY,
  tags: ['Operator'],
  summary:
    'Set the upstreams a service’s orders go to, in order: an order moves to the next only when one definitively did not process it',
  params: z.strictObject({ serviceId: zText('serviceId').min(1).max(60) }),
  body: z.strictObject({
    upstreams: z.array(zText('upstreams').min(1).max(40)).max(8, 'upstreams: at most 8'),
  }),
  data: ZServiceRoute,
});

export const ZUpstreamPlan = z.object({
  serviceId: z.string(),
  code: z.string(),
  name: z.string(),
  /** What the upstream charges the provider for it. */
  cost: ZNaira,
  /** Our catalogue's plan it sells, null while unmapped (then it is never sent this plan). */
  variationCode: z.string().nullable(),
  /** The mapped plan's face value and the agents' default price, for the margin. */
  faceValue: ZNaira.nullable(),
  price: ZNaira.nullable(),
  syncedAt: z.string(),
});

export const listUpstreamPlans = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/upstreams/:id/plans',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary: "An upstream's own plans, what it charges for each, and the catalogue plan each sells",
  params: z.strictObject({ id: zText('id').min(1).max(40) }),
  data: z.array(ZUpstreamPlan),
});

export const syncUpstreamPlans = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/upstreams/:id/plans/sync',
  auth: 'operator',
  roles: OWNER_ONLY,
  tags: ['Operator'],
  summary:
    "Read an upstream's plans and costs for every plan-priced service; unmapped ones are matched to ours by size and validity where one alone fits",
  params: z.strictObject({ id: zText('id').min(1).max(40) }),
  data: z.object({
    plans: z.number(),
    matched: z.number(),
    unmapped: z.number(),
    /** Plans switched off because what this upstream charges rose above a level's price (decision 041). */
    switchedOff: z.number(),
  }),
});

export const mapUpstreamPlan = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/admin/upstreams/:id/plans/:serviceId/:code',
  auth: 'operator',
  roles: OWNER_ONLY,
  tags: ['Operator'],
  summary: "Say which catalogue plan an upstream's plan sells (null: none)",
  params: z.strictObject({
    id: zText('id').min(1).max(40),
    serviceId: zText('serviceId').min(1).max(60),
    code: zText('code').min(1).max(80),
  }),
  body: z.strictObject({ variationCode: zText('variationCode').min(1).max(80).nullable() }),
  data: ZUpstreamPlan,
});

/** One upstream at one service over the last hour (decision 040). */
export const ZUpstreamServiceHealth = z.object({
  serviceId: z.string(),
  /** Attempts sent: delivered + definitive failures + unknowns. */
  attempts: z.number().int(),
  delivered: z.number().int(),
  /** Definitive "not processed": the order's own failure and every attempt an order moved on from. */
  failed: z.number().int(),
  /** Sent, with no final answer yet. */
  unknown: z.number().int(),
  /** delivered / attempts in percent, one decimal; null without attempts. */
  successPercent: z.string().nullable(),
  /** The pays' latency in milliseconds; null without a timed pay. */
  medianMs: z.number().int().nullable(),
  p95Ms: z.number().int().nullable(),
  /** Until when the route skips this upstream for the service; null when its breaker is closed. */
  breakerOpenUntil: z.string().nullable(),
});
export type TUpstreamServiceHealth = z.infer<typeof ZUpstreamServiceHealth>;

export const ZUpstreamBalance = z.object({
  /** Naira; null until a reading succeeded. */
  balance: ZNaira.nullable(),
  readAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** What the rest of the Lagos day needs at this upstream's rate today; null without a rate. */
  neededToday: ZNaira.nullable(),
  warning: z.boolean(),
  note: z.string(),
});

export const ZUpstreamHealth = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(UPSTREAM_KINDS),
  enabled: z.boolean(),
  balance: ZUpstreamBalance,
  services: z.array(ZUpstreamServiceHealth),
});
export type TUpstreamHealth = z.infer<typeof ZUpstreamHealth>;

export const ZUpstreamAlert = z.object({
  id: z.string(),
  kind: z.enum(['breaker-open', 'low-balance']),
  upstreamId: z.string(),
  serviceId: z.string().nullable(),
  message: z.string(),
  createdAt: z.string(),
});
export type TUpstreamAlert = z.infer<typeof ZUpstreamAlert>;

export const ZUpstreamsHealth = z.object({
  asOf: z.string(),
  /** The window the figures cover: the last hour. */
  since: z.string(),
  upstreams: z.array(ZUpstreamHealth),
  /** What operators were told in the last day, newest first. */
  alerts: z.array(ZUpstreamAlert),
});
export type TUpstreamsHealth = z.infer<typeof ZUpstreamsHealth>;

export const getUpstreamsHealth = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/upstreams/health',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary: 'Each upstream’s last hour per service, its balance, and the alerts of the last day',
  data: ZUpstreamsHealth,
});
