import type { z } from 'zod';
import type { ServiceCategory } from '@agentdesk/contract/catalog/services';
import { formatNaira } from '@agentdesk/contract/money';
import type {
  createUpstream,
  TUpstream,
  updateUpstream as updateUpstreamEndpoint,
  ZUpstreamCredentials,
} from '@agentdesk/contract/admin/upstreams';
import type { EndpointParsedBody } from '@agentdesk/contract/endpoint';
import type { Database, Queryable } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditActor } from '../audit/audit-actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { listEnabledVariations } from '../catalog/catalog.repo.js';
import { followCosts } from '../catalog/price-follow.js';
import { CATALOGUE_TERMS, variationPrice } from '../catalog/pricing.js';
import { matchPlans } from './plan-match.js';
import { maskedCredentials, openCredentials, sealCredentials } from './upstream-credentials.js';
import type { UpstreamRegistry } from './upstream-registry.js';
import {
  findUpstream,
  insertUpstream,
  listServiceRoutes,
  listUpstreamPlans,
  listUpstreamPlansWithTerms,
  listUpstreams,
  lockUpstream,
  mapUpstreamPlan,
  replaceRoute,
  replaceUpstreamPlans,
  updateUpstream,
  type UpstreamRow,
} from './upstreams.repo.js';

/** The services priced by plan, whose plans another upstream sells under codes of its own. */
const PLAN_CATEGORIES = new Set(['data', 'cable', 'result-checker']);

const notFound = () => new AppError('NOT_FOUND', 'Upstream not found');

/**
 * The operators' side of routing (decision 037): the upstreams and their sealed credentials,
 * each service's route, and each upstream's plans mapped to ours. Every change is audited in
 * its own transaction (never a credential in the audit row) and reaches every instance's
 * routing through the change notification (migration 029).
 */
export function createUpstreamsService(deps: {
  db: Database;
  clock: Clock;
  credentialsKey: () => Buffer;
  registry: Pick<UpstreamRegistry, 'adapter' | 'catalogueUpstreamId'>;
  /** Upstreams whose address and credentials the environment sets at every start (seed-upstreams.ts). */
  environmentUpstreams: ReadonlySet<string>;
}) {
  const { db, clock, credentialsKey, registry, environmentUpstreams } = deps;

  function view(row: UpstreamRow): TUpstream {
    return {
      id: row.id,
      kind: row.kind,
      name: row.name,
      baseUrl: row.base_url,
      enabled: row.enabled,
      credentials: maskedCredentials(openCredentials(credentialsKey(), row.id, row.kind, row.credentials)),
      catalogue: row.id === registry.catalogueUpstreamId,
      setByEnvironment: environmentUpstreams.has(row.id),
      updatedAt: row.updated_at.toISOString(),
    };
  }

  /** What an audit row keeps of an upstream: no credential, only which ones are set. */
  const auditView = (row: UpstreamRow) => {
    const shown = view(row);
    return {
      name: shown.name,
      kind: shown.kind,
      baseUrl: shown.baseUrl,
      enabled: shown.enabled,
      credentials: shown.credentials,
    };
  };

  /** Commits, then waits until this instance's routing has heard of the change. */
  async function changing<T>(work: (tx: Queryable, now: Date) => Promise<T>): Promise<T> {
    const result = await db.transaction((tx) => work(tx, clock.now()));
    await db.notifications.delivered();
    return result;
  }

  async function existing(id: string): Promise<UpstreamRow> {
    const row = await findUpstream(db, id);
    if (!row) throw notFound();
    return row;
  }

  function checkedCredentials(kind: UpstreamRow['kind'], credentials: z.output<typeof ZUpstreamCredentials>) {
    if (credentials.kind !== kind) {
      throw new AppError('VALIDATION_FAILED', `credentials.kind: this upstream is ${kind}`, [
        { path: 'credentials.kind', message: `This upstream is ${kind}` },
      ]);
    }
    return credentials;
  }

  async function routes() {
    return (await listServiceRoutes(db)).map((row) => ({
      serviceId: row.service_id,
      name: row.name,
      category: row.category as ServiceCategory,
      upstreams: row.upstreams,
    }));
  }

  async function plans(id: string) {
    await existing(id);
    return (await listUpstreamPlansWithTerms(db, id)).map((row) => ({
      serviceId: row.service_id,
      code: row.code,
      name: row.name,
      cost: formatNaira(row.cost),
      variationCode: row.variation_code,
      faceValue: row.face_value === null ? null : formatNaira(row.face_value),
      price:
        row.face_value === null
          ? null
          : formatNaira(
              variationPrice(
                { service_id: row.service_id, discount_bps: row.discount_bps ?? 0 },
                { code: row.variation_code!, face_value: row.face_value, agent_price: row.agent_price },
                CATALOGUE_TERMS,
              ),
            ),
      syncedAt: row.synced_at.toISOString(),
    }));
  }

  return {
    list: async () => (await listUpstreams(db)).map(view),

    async create(actor: AuditActor, body: EndpointParsedBody<typeof createUpstream>): Promise<TUpstream> {
      const row = await changing(async (tx, now) => {
        const created = await insertUpstream(
          tx,
          {
            id: body.id,
            kind: body.credentials.kind,
            name: body.name,
            base_url: body.baseUrl,
            credentials: sealCredentials(credentialsKey(), body.id, body.credentials),
            enabled: body.enabled,
          },
          now,
        );
        if (!created) throw AppError.conflict('id', 'An upstream with this id already exists');
        const inserted = (await findUpstream(tx, body.id))!;
        await recordAudit(
          tx,
          actor,
          { action: 'upstream.create', target: { type: 'upstream', id: body.id }, after: auditView(inserted) },
          now,
        );
        return inserted;
      });
      return view(row);
    },

    async update(
      actor: AuditActor,
      id: string,
      body: EndpointParsedBody<typeof updateUpstreamEndpoint>,
    ): Promise<TUpstream> {
      const row = await changing(async (tx, now) => {
        const before = await lockUpstream(tx, id);
        if (!before) throw notFound();
        if (environmentUpstreams.has(id) && (body.baseUrl !== undefined || body.credentials !== undefined)) {
          // Written again from the environment at the next start: a change here would not last.
          throw new AppError(
            'CONFLICT',
            "This upstream's address and credentials are set by the server's environment: change them there and restart",
          );
        }
        if (body.enabled === false && id === registry.catalogueUpstreamId) {
          // Switched off, it would still be the catalogue's source and the default route.
          throw new AppError('VALIDATION_FAILED', 'enabled: the catalogue’s upstream cannot be switched off', [
            { path: 'enabled', message: 'The catalogue’s upstream cannot be switched off' },
          ]);
        }
        const after = await updateUpstream(
          tx,
          id,
          {
            name: body.name ?? before.name,
            base_url: body.baseUrl === undefined ? before.base_url : body.baseUrl,
            credentials: body.credentials
              ? sealCredentials(credentialsKey(), id, checkedCredentials(before.kind, body.credentials))
              : before.credentials,
            enabled: body.enabled ?? before.enabled,
          },
          now,
        );
        await recordAudit(
          tx,
          actor,
          {
            action: 'upstream.update',
            target: { type: 'upstream', id },
            before: auditView(before),
            after: { ...auditView(after), credentialsChanged: body.credentials !== undefined },
          },
          now,
        );
        return after;
      });
      return view(row);
    },

    routes,

    async setRoute(actor: AuditActor, serviceId: string, upstreamIds: readonly string[]) {
      if (new Set(upstreamIds).size !== upstreamIds.length) {
        throw new AppError('VALIDATION_FAILED', 'upstreams: each upstream once', [
          { path: 'upstreams', message: 'List each upstream once' },
        ]);
      }
      await changing(async (tx, now) => {
        const service = (await listServiceRoutes(tx)).find((row) => row.service_id === serviceId);
        if (!service) throw new AppError('NOT_FOUND', 'Service not found');
        for (const [index, upstreamId] of upstreamIds.entries()) {
          if (!(await findUpstream(tx, upstreamId))) {
            throw new AppError('VALIDATION_FAILED', `upstreams.${index}: no upstream ${upstreamId}`, [
              { path: `upstreams.${index}`, message: `There is no upstream ${upstreamId}` },
            ]);
          }
        }
        await replaceRoute(tx, serviceId, upstreamIds);
        await recordAudit(
          tx,
          actor,
          {
            action: 'route.update',
            target: { type: 'route', id: serviceId },
            before: { upstreams: service.upstreams },
            after: { upstreams: upstreamIds },
          },
          now,
        );
      });
      return (await routes()).find((route) => route.serviceId === serviceId)!;
    },

    plans,

    /**
     * Reads the upstream's plans and costs for every plan-priced service of the catalogue, and
     * maps those still unmapped where exactly one of our plans fits (plan-match.ts).
     */
    async syncPlans(actor: AuditActor, id: string) {
      const upstream = await existing(id);
      if (id === registry.catalogueUpstreamId) {
        throw new AppError('CONFLICT', "This upstream's plans are the catalogue: sync the catalogue instead");
      }
      const adapter = await registry.adapter(id);
      const services = (await listServiceRoutes(db)).filter((row) => PLAN_CATEGORIES.has(row.category));
      const listed = new Map<string, Array<{ code: string; name: string; cost: bigint }>>();
      for (const service of services) {
        const plans = await adapter.listVariations(service.service_id).catch(() => undefined);
        if (plans) {
          listed.set(
            service.service_id,
            plans
              .filter((plan) => plan.amount > 0n)
              .map((plan) => ({ code: plan.code, name: plan.name, cost: plan.amount })),
          );
        }
      }
      const ours = await listEnabledVariations(db, [...listed.keys()]);
      return changing(async (tx, now) => {
        let matched = 0;
        // What it charged for each of our plans before this read, to follow what changed (decision 041).
        const costBefore = new Map(
          (await listUpstreamPlans(tx, id))
            .filter((plan) => plan.variation_code !== null)
            .map((plan) => [`${plan.service_id}\n${plan.variation_code}`, plan.cost]),
        );
        for (const [serviceId, plans] of listed) {
          await replaceUpstreamPlans(tx, id, serviceId, plans, now);
          const stored = (await listUpstreamPlans(tx, id)).filter((plan) => plan.service_id === serviceId);
          const taken = new Set(stored.map((plan) => plan.variation_code).filter((code) => code !== null));
          const matches = matchPlans(
            stored.filter((plan) => plan.variation_code === null),
            ours.filter((plan) => plan.service_id === serviceId && !taken.has(plan.code)),
          );
          for (const [code, variationCode] of matches) {
            await mapUpstreamPlan(tx, { upstreamId: id, serviceId, code, variationCode });
            matched += 1;
          }
        }
        const all = await listUpstreamPlans(tx, id);
        const changes = all
          .filter((plan) => plan.variation_code !== null && listed.has(plan.service_id))
          .map((plan) => ({
            serviceId: plan.service_id,
            code: plan.variation_code!,
            upstreamId: id,
            before: costBefore.get(`${plan.service_id}\n${plan.variation_code}`) ?? null,
            after: plan.cost,
          }));
        const followed = await followCosts(tx, changes, { catalogueUpstreamId: registry.catalogueUpstreamId, now });
        const result = {
          plans: all.length,
          matched,
          unmapped: all.filter((plan) => plan.variation_code === null).length,
          switchedOff: followed.switchedOff,
        };
        await recordAudit(
          tx,
          actor,
          { action: 'upstream.plans.sync', target: { type: 'upstream', id: upstream.id }, after: result },
          now,
        );
        return result;
      });
    },

    async mapPlan(
      actor: AuditActor,
      id: string,
      plan: { serviceId: string; code: string; variationCode: string | null },
    ) {
      await existing(id);
      if (plan.variationCode !== null) {
        const ours = await listEnabledVariations(db, [plan.serviceId]);
        if (!ours.some((variation) => variation.code === plan.variationCode)) {
          throw new AppError('VALIDATION_FAILED', 'variationCode: no such plan in the catalogue for this service', [
            { path: 'variationCode', message: 'No such plan in the catalogue for this service' },
          ]);
        }
      }
      await changing(async (tx, now) => {
        const before = (await listUpstreamPlans(tx, id)).find(
          (row) => row.service_id === plan.serviceId && row.code === plan.code,
        );
        if (!before || !(await mapUpstreamPlan(tx, { upstreamId: id, ...plan }))) {
          throw new AppError('NOT_FOUND', 'This upstream lists no such plan');
        }
        await recordAudit(
          tx,
          actor,
          {
            action: 'upstream.plan.map',
            target: { type: 'upstream', id },
            before: { serviceId: plan.serviceId, code: plan.code, variationCode: before.variation_code },
            after: { serviceId: plan.serviceId, code: plan.code, variationCode: plan.variationCode },
          },
          now,
        );
      });
      return (await plans(id)).find((row) => row.serviceId === plan.serviceId && row.code === plan.code)!;
    },
  };
}

export type UpstreamsService = ReturnType<typeof createUpstreamsService>;
