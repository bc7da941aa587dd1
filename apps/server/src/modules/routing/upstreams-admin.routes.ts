import type { FastifyInstance } from 'fastify';
import {
  createUpstream,
  listRoutes,
  listUpstreamPlans,
  listUpstreams,
  mapUpstreamPlan,
  setRoute,
  syncUpstreamPlans,
  updateUpstream,
} from '@agentdesk/contract/admin/upstreams';
import { mountEndpoint } from '../../http/route.js';
import type { UpstreamsService } from './upstreams.service.js';

/** The upstreams, each service's route and each upstream's plans, as operators see and set them (decision 037). */
export function registerUpstreamsAdminRoutes(app: FastifyInstance, deps: { upstreams: UpstreamsService }): void {
  const { upstreams } = deps;

  mountEndpoint(app, listUpstreams, {}, async () => ({ message: 'OK', data: await upstreams.list() }));

  mountEndpoint(app, createUpstream, {}, async ({ actor, body }) => ({
    message: 'Upstream added',
    data: await upstreams.create(actor, body),
  }));

  mountEndpoint(app, updateUpstream, {}, async ({ actor, params, body }) => ({
    message: 'Upstream saved',
    data: await upstreams.update(actor, params.id!, body),
  }));

  mountEndpoint(app, listRoutes, {}, async () => ({ message: 'OK', data: await upstreams.routes() }));

  mountEndpoint(app, setRoute, {}, async ({ actor, params, body }) => ({
    message: 'Route saved',
    data: await upstreams.setRoute(actor, params.serviceId!, body.upstreams),
  }));

  mountEndpoint(app, listUpstreamPlans, {}, async ({ params }) => ({
    message: 'OK',
    data: await upstreams.plans(params.id!),
  }));

  mountEndpoint(app, syncUpstreamPlans, {}, async ({ actor, params }) => ({
    message: 'Plans read from the upstream',
    data: await upstreams.syncPlans(actor, params.id!),
  }));

  mountEndpoint(app, mapUpstreamPlan, {}, async ({ actor, params, body }) => ({
    message: body.variationCode ? 'Plan mapped' : 'Plan unmapped',
    data: await upstreams.mapPlan(actor, params.id!, {
      serviceId: params.serviceId!,
      code: params.code!,
      variationCode: body.variationCode,
    }),
  }));
}
