import type { FastifyInstance } from 'fastify';
import {
  createPriceLevel,
  listPriceLevelPlans,
  listPriceLevels,
  listPriceLevelServices,
  moveAgentToPriceLevel,
  renamePriceLevel,
  setDefaultPriceLevel,
  setPriceLevelDiscount,
  setPriceLevelFollowRule,
  setPriceLevelPrice,
  type TPriceLevel,
} from '@agentdesk/contract/admin/price-levels';
import { percentToBps } from '@agentdesk/contract/percent';
import type { Database } from '../../db/database.js';
import { mountEndpoint } from '../../http/route.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { levelPlansPage, levelServicesPage } from './level-catalog-view.js';
import { findPriceLevel, listPriceLevels as listLevelRows, type PriceLevelRow } from './price-levels.repo.js';
import { createPriceLevelsService } from './price-levels.service.js';

function toLevelView(row: PriceLevelRow): TPriceLevel {
  return {
    id: row.id,
    name: row.name,
    isDefault: row.is_default,
    agents: row.agents,
    overrides: { services: row.discounts, plans: row.prices },
    followRule: row.follow_rule,
    createdAt: row.created_at.toISOString(),
  };
}

/** Price levels as operators run them (docs/decisions/038): the levels, their overrides, agents' moves. */
export function registerPriceLevelsAdminRoutes(app: FastifyInstance, deps: { db: Database; clock: Clock }): void {
  const { db } = deps;
  const levels = createPriceLevelsService(deps);

  /** A level named in the path, or a 404 before anything is read for it. */
  async function existingLevel(id: string): Promise<void> {
    if (!(await findPriceLevel(db, id))) throw new AppError('NOT_FOUND', 'Price level not found');
  }

  mountEndpoint(app, listPriceLevels, {}, async () => ({
    message: 'OK',
    data: (await listLevelRows(db)).map(toLevelView),
  }));

  mountEndpoint(app, createPriceLevel, {}, async ({ actor, body }) => {
    const level = await levels.create(actor, body.name);
    return { message: `Price level ${level.name} created`, data: toLevelView(level) };
  });

  mountEndpoint(app, renamePriceLevel, {}, async ({ actor, params, body }) => {
    const level = await levels.rename(actor, params.id!, body.name);
    return { message: `Price level renamed ${level.name}`, data: toLevelView(level) };
  });

  mountEndpoint(app, setDefaultPriceLevel, {}, async ({ actor, params }) => {
    const level = await levels.makeDefault(actor, params.id!);
    return { message: `New agents join ${level.name}`, data: toLevelView(level) };
  });

  mountEndpoint(app, setPriceLevelFollowRule, {}, async ({ actor, params, body }) => {
    const level = await levels.setFollowRule(actor, params.id!, body.followRule);
    const how = level.follow_rule === 'keep-margin' ? 'by the same naira' : 'in proportion';
    return { message: `${level.name} prices follow the upstream’s ${how}`, data: toLevelView(level) };
  });

  mountEndpoint(app, listPriceLevelServices, {}, async ({ params, query }) => {
    await existingLevel(params.id!);
    const page = await levelServicesPage(db, params.id!, query);
    return { message: 'OK', data: page.data, meta: { nextCursor: page.nextCursor } };
  });

  mountEndpoint(app, listPriceLevelPlans, {}, async ({ params, query }) => {
    await existingLevel(params.id!);
    const page = await levelPlansPage(db, params.id!, params.serviceId!, query);
    return { message: 'OK', data: page.data, meta: { nextCursor: page.nextCursor } };
  });

  mountEndpoint(app, setPriceLevelDiscount, {}, async ({ actor, params, body }) => {
    const bps = body.discountPercent === null ? null : percentToBps(body.discountPercent);
    const data = await levels.setDiscount(actor, params.id!, params.serviceId!, bps);
    return {
      message: data.discountPercent === null ? 'The catalogue’s rule applies again' : 'Discount saved',
      data,
    };
  });

  mountEndpoint(app, setPriceLevelPrice, {}, async ({ actor, params, body }) => {
    const data = await levels.setPrice(actor, params.id!, params.serviceId!, params.code!, body.price);
    return { message: data.price === null ? 'Priced by the discounts again' : 'Fixed price saved', data };
  });

  mountEndpoint(app, moveAgentToPriceLevel, {}, async ({ actor, params, body }) => {
    const { agentId, level, moved } = await levels.moveAgent(actor, params.id!, body.levelId);
    return {
      message: moved ? `The agent now buys at ${level.name} prices` : `The agent is already in ${level.name}`,
      data: { agentId, level },
    };
  });
}
