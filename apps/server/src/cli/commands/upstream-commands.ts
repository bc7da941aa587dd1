import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import {
  createUpstream,
  listRoutes,
  listUpstreamPlans,
  listUpstreams,
  mapUpstreamPlan,
  setRoute,
  syncUpstreamPlans,
  updateUpstream,
  UPSTREAM_KINDS,
  type TUpstream,
} from '@agentdesk/contract/admin/upstreams';
import type { EndpointBody } from '@agentdesk/contract/endpoint';
import { formatNaira, parseNairaToKobo } from '@agentdesk/contract/money';
import { CommandFailed, requireFlag, UsageError, type AdminCommand, type CommandContext } from '../command.js';

type Kind = (typeof UPSTREAM_KINDS)[number];

/** Each kind's credentials: the contract's field and the flag that gives it. */
const CREDENTIAL_FLAGS: Record<Kind, ReadonlyArray<readonly [field: string, flag: string]>> = {
  vtpass: [
    ['apiKey', 'api-key'],
    ['publicKey', 'public-key'],
    ['secretKey', 'secret-key'],
  ],
  clubkonnect: [
    ['userId', 'user-id'],
    ['apiKey', 'api-key'],
  ],
};
const ALL_CREDENTIAL_FLAGS = ['api-key', 'public-key', 'secret-key', 'user-id'] as const;

/**
 * Asks for a secret on the terminal without echoing it. Only on a terminal: a script that
 * leaves a credential out is told which flag is missing instead of waiting for input.
 */
async function promptSecret(label: string): Promise<string | undefined> {
  if (!process.stdin.isTTY) return undefined;
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  try {
    const answer = rl.question(`${label}: `);
    muted = true;
    const value = await answer;
    process.stdout.write('\n');
    return value;
  } finally {
    rl.close();
  }
}

/** A kind's credentials from their flags, or asked for one by one on a terminal. */
async function credentialsOf(kind: Kind, flags: Record<string, string | undefined>) {
  const credentials: Record<string, string> = { kind };
  for (const [field, flag] of CREDENTIAL_FLAGS[kind]) {
    const value = flags[flag] ?? (await promptSecret(flag));
    if (!value) throw new UsageError(`Missing --${flag} (a ${kind} upstream signs with ${listFlags(kind)})`);
    credentials[field] = value;
  }
  return credentials as EndpointBody<typeof createUpstream>['credentials'];
}

/** A margin in naira, below zero when the upstream charges more than agents pay. */
const signedNaira = (kobo: bigint) => (kobo < 0n ? `-₦${formatNaira(-kobo)}` : `₦${formatNaira(kobo)}`);

const listFlags = (kind: Kind) => CREDENTIAL_FLAGS[kind].map(([, flag]) => `--${flag}`).join(' ');

function kindOf(value: string): Kind {
  if (!(UPSTREAM_KINDS as readonly string[]).includes(value)) {
    throw new UsageError(`--kind: one of ${UPSTREAM_KINDS.join(', ')}`);
  }
  return value as Kind;
}

/** `--base-url sandbox` is the built-in sandbox of the upstream's kind. */
const baseUrlOf = (value: string) => (value === 'sandbox' ? null : value);

async function upstreamNamed({ flags, io, call }: CommandContext): Promise<TUpstream> {
  const wanted = requireFlag(flags, 'id');
  const { data } = await call(listUpstreams);
  const upstream = data.find((row) => row.id === wanted);
  if (!upstream) {
    io.err(`No upstream "${wanted}". The upstreams: ${data.map((row) => row.id).join(', ')}`);
    throw new CommandFailed();
  }
  return upstream;
}

function upstreamLine(upstream: TUpstream): string {
  const credentials = Object.entries(upstream.credentials)
    .map(([name, masked]) => `${name} ${masked}`)
    .join(', ');
  return (
    `${upstream.id.padEnd(14)} ${upstream.kind.padEnd(12)} ${(upstream.enabled ? 'on' : 'off').padEnd(4)}` +
    `${upstream.name.padEnd(16)} ${upstream.baseUrl ?? 'built-in sandbox'}  ${credentials}` +
    `${upstream.catalogue ? '  (catalogue)' : ''}${upstream.setByEnvironment ? '  (set by the environment)' : ''}`
  );
}

/** Upstreams and routes (docs/decisions/037) from the command line: the same operator API as the console. */
export const upstreamCommands: AdminCommand[] = [
  {
    name: 'upstreams list',
    summary: 'The upstreams: kind, on or off, address and credentials (masked)',
    async run({ io, call }) {
      const { data } = await call(listUpstreams);
      for (const upstream of data) io.out(upstreamLine(upstream));
    },
  },
  {
    name: 'upstreams add',
    summary: 'Add an upstream (owners); credentials from the flags, or asked for on a terminal',
    usage:
      '--id <id> --kind vtpass|clubkonnect --name <name> [--base-url <url>|sandbox] [--disable] ' +
      '[--api-key --public-key --secret-key | --user-id --api-key]',
    options: ['id', 'kind', 'name', 'base-url', ...ALL_CREDENTIAL_FLAGS],
    switches: ['disable'],
    async run({ flags, io, call }) {
      const kind = kindOf(requireFlag(flags, 'kind'));
      const body = {
        id: requireFlag(flags, 'id'),
        name: requireFlag(flags, 'name'),
        baseUrl: flags['base-url'] ? baseUrlOf(flags['base-url']) : null,
        enabled: flags.disable !== 'true',
        credentials: await credentialsOf(kind, flags),
      };
      const { message, data } = await call(createUpstream, { body });
      io.out(`${message}: ${upstreamLine(data)}`);
    },
  },
  {
    name: 'upstreams set',
    summary: 'Rename an upstream, change its address or credentials, switch it on or off (owners)',
    usage:
      '--id <id> [--name <name>] [--base-url <url>|sandbox] [--enable|--disable] [credential flags, all of its kind]',
    options: ['id', 'name', 'base-url', ...ALL_CREDENTIAL_FLAGS],
    switches: ['enable', 'disable'],
    async run(context) {
      const { flags, io, call } = context;
      if (flags.enable && flags.disable) throw new UsageError('Give --enable or --disable, not both');
      const upstream = await upstreamNamed(context);
      const credentialsGiven = ALL_CREDENTIAL_FLAGS.some((flag) => flags[flag] !== undefined);
      const body: EndpointBody<typeof updateUpstream> = {
        ...(flags.name ? { name: flags.name } : {}),
        ...(flags['base-url'] ? { baseUrl: baseUrlOf(flags['base-url']) } : {}),
        ...(flags.enable ? { enabled: true } : flags.disable ? { enabled: false } : {}),
        ...(credentialsGiven ? { credentials: await credentialsOf(upstream.kind, flags) } : {}),
      };
      if (Object.keys(body).length === 0)
        throw new UsageError('Nothing to change: give --name, --base-url, --enable, --disable or credentials');
      const { message, data } = await call(updateUpstream, { params: { id: upstream.id }, body });
      io.out(`${message}: ${upstreamLine(data)}`);
    },
  },
  {
    name: 'upstreams plans',
    summary: "An upstream's plans: what it charges, the catalogue plan each sells, its price and the margin",
    usage: '--id <id> [--service <service id>]',
    options: ['id', 'service'],
    async run(context) {
      const upstream = await upstreamNamed(context);
      const { data } = await context.call(listUpstreamPlans, { params: { id: upstream.id } });
      const shown = context.flags.service ? data.filter((plan) => plan.serviceId === context.flags.service) : data;
      if (shown.length === 0) context.io.out('No plans read yet: run upstreams sync-plans');
      for (const plan of shown) {
        const margin =
          plan.price === null
            ? ''
            : `  price ₦${plan.price}  margin ${signedNaira(parseNairaToKobo(plan.price)! - parseNairaToKobo(plan.cost)!)}`;
        context.io.out(
          `${plan.serviceId.padEnd(16)} ${plan.code.padEnd(20)} cost ₦${plan.cost}` +
            `  sells ${plan.variationCode ?? '(none)'}${margin}`,
        );
      }
    },
  },
  {
    name: 'upstreams sync-plans',
    summary: "Read an upstream's plans and costs; unmapped ones are matched to the catalogue where one alone fits",
    usage: '--id <id>',
    options: ['id'],
    async run(context) {
      const upstream = await upstreamNamed(context);
      const { message, data } = await context.call(syncUpstreamPlans, { params: { id: upstream.id } });
      context.io.out(`${message}: ${data.plans} plans, ${data.matched} newly matched, ${data.unmapped} unmapped`);
    },
  },
  {
    name: 'upstreams map',
    summary: "Say which catalogue plan an upstream's plan sells, or none",
    usage: '--id <id> --service <service id> --code <its plan code> --plan <catalogue plan code>|none',
    options: ['id', 'service', 'code', 'plan'],
    async run({ flags, io, call }) {
      const plan = requireFlag(flags, 'plan');
      const { message, data } = await call(mapUpstreamPlan, {
        params: {
          id: requireFlag(flags, 'id'),
          serviceId: requireFlag(flags, 'service'),
          code: requireFlag(flags, 'code'),
        },
        body: { variationCode: plan === 'none' ? null : plan },
      });
      io.out(`${message}: ${data.code} sells ${data.variationCode ?? '(none)'}`);
    },
  },
  {
    name: 'routes list',
    summary: "Every service's route: the upstreams its orders go to, in order",
    async run({ io, call }) {
      const { data } = await call(listRoutes);
      for (const route of data) {
        io.out(
          `${route.serviceId.padEnd(24)} ${route.name.padEnd(28)} ` +
            (route.upstreams.length === 0 ? "(the catalogue's upstream)" : route.upstreams.join(' > ')),
        );
      }
    },
  },
  {
    name: 'routes set',
    summary:
      "Set a service's upstreams in order (owners): an order moves to the next only when one definitively did not process it",
    usage: '--service <service id> --upstreams <id,id,...> (empty: the catalogue’s upstream alone)',
    options: ['service', 'upstreams'],
    async run({ flags, io, call }) {
      const serviceId = requireFlag(flags, 'service');
      if (flags.upstreams === undefined) throw new UsageError('Missing --upstreams');
      const upstreams = flags.upstreams
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean);
      const { message, data } = await call(setRoute, { params: { serviceId }, body: { upstreams } });
      io.out(
        `${message}: ${data.serviceId} ${data.upstreams.length === 0 ? "(the catalogue's upstream)" : data.upstreams.join(' > ')}`,
      );
    },
  },
];
