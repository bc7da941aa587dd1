import { MAX_PRICE_LEVELS, type FollowRule } from '@agentdesk/contract/admin/price-levels';
import { formatNaira } from '@agentdesk/contract/money';
import type { Database, Queryable } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditActor } from '../audit/audit-actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { findService, findVariation } from '../catalog/catalog.repo.js';
import {
  defaultPriceLevelId,
  findLevelDiscount,
  findLevelPrice,
  findPriceLevel,
  insertPriceLevel,
  lockAgentLevel,
  lockPriceLevel,
  renamePriceLevel,
  setAgentLevel,
  setDefaultPriceLevelId,
  setFollowRule,
  setLevelDiscount,
  setLevelPrice,
  type PriceLevelRow,
} from './price-levels.repo.js';

const percentOf = (bps: number | null) => (bps === null ? null : (bps / 100).toFixed(2));
const nairaOf = (kobo: bigint | null) => (kobo === null ? null : formatNaira(kobo));

function fieldError(code: 'NOT_FOUND' | 'VALIDATION_FAILED', path: string, message: string): AppError {
  return new AppError(code, `${path}: ${message}`, [{ path, message }]);
}

const nameTaken = () => AppError.conflict('name', 'Another level has this name');

/** A name another level has (its unique index, in any case), however the insert raced. */
function isNameClash(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

async function lockedLevel(tx: Queryable, id: string) {
  const level = await lockPriceLevel(tx, id);
  if (!level) throw new AppError('NOT_FOUND', 'Price level not found');
  return level;
}

/**
 * Price levels as operators change them (docs/decisions/038): each change and its audit row in
 * one transaction (decision 033). Changes to prices, and agents moved, hold for this instance's
 * next purchase once they resolve (the caches hear of them first, decision 026).
 */
export function createPriceLevelsService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  /** A write whose answer must not come before the caches have heard of it. */
  async function pricesChanged<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const result = await db.transaction(work);
    await db.notifications.delivered();
    return result;
  }

  return {
    async create(actor: AuditActor, name: string): Promise<PriceLevelRow> {
      let id: string | undefined;
      try {
        id = await db.transaction(async (tx) => {
          const now = clock.now();
          const created = await insertPriceLevel(tx, { name, now, max: MAX_PRICE_LEVELS });
          if (!created) return undefined;
          await recordAudit(
            tx,
            actor,
            { action: 'price-level.create', target: { type: 'price-level', id: created }, after: { name } },
            now,
          );
          return created;
        });
      } catch (error) {
        if (isNameClash(error)) throw nameTaken();
        throw error;
      }
      if (!id) throw new AppError('CONFLICT', `There are ${MAX_PRICE_LEVELS} levels already: rename one instead`);
      return (await findPriceLevel(db, id))!;
    },

    async rename(actor: AuditActor, id: string, name: string): Promise<PriceLevelRow> {
      try {
        await db.transaction(async (tx) => {
          const before = await lockedLevel(tx, id);
          const now = clock.now();
          await renamePriceLevel(tx, id, name, now);
          await recordAudit(
            tx,
            actor,
            {
              action: 'price-level.rename',
              target: { type: 'price-level', id },
              before: { name: before.name },
              after: { name },
            },
            now,
          );
        });
      } catch (error) {
        if (isNameClash(error)) throw nameTaken();
        throw error;
      }
      return (await findPriceLevel(db, id))!;
    },

    /** How the level's prices follow the upstream's amounts from now on (decision 041); the same rule changes nothing. */
    async setFollowRule(actor: AuditActor, id: string, rule: FollowRule): Promise<PriceLevelRow> {
      await db.transaction(async (tx) => {
        const before = await lockedLevel(tx, id);
        if (before.follow_rule === rule) return;
        const now = clock.now();
        await setFollowRule(tx, id, rule, now);
        await recordAudit(
          tx,
          actor,
          {
            action: 'price-level.follow-rule',
            target: { type: 'price-level', id },
            before: { followRule: before.follow_rule },
            after: { followRule: rule },
          },
          now,
        );
      });
      return (await findPriceLevel(db, id))!;
    },

    /** The level new agents join from now on; agents already in a level stay where they are. */
    async makeDefault(actor: AuditActor, id: string): Promise<PriceLevelRow> {
      await db.transaction(async (tx) => {
        const beforeId = await defaultPriceLevelId(tx, true);
        const level = await lockedLevel(tx, id);
        const previous = beforeId === id ? level : await findPriceLevel(tx, beforeId);
        const now = clock.now();
        await setDefaultPriceLevelId(tx, id, { userId: actor.operatorId, now });
        await recordAudit(
          tx,
          actor,
          {
            action: 'price-level.default',
            target: { type: 'price-level', id },
            before: { defaultLevel: { id: beforeId, name: previous?.name ?? null } },
            after: { defaultLevel: { id, name: level.name } },
          },
          now,
        );
      });
      return (await findPriceLevel(db, id))!;
    },

    /** The level's discount for a service (null: the catalogue's rule again). */
    async setDiscount(actor: AuditActor, levelId: string, serviceId: string, discountBps: number | null) {
      return pricesChanged(async (tx) => {
        await lockedLevel(tx, levelId);
        if (!(await findService(tx, serviceId))) {
          throw fieldError('NOT_FOUND', 'serviceId', `No service ${serviceId} in the catalogue`);
        }
        const before = await findLevelDiscount(tx, levelId, serviceId);
        await setLevelDiscount(tx, levelId, serviceId, discountBps);
        await recordAudit(
          tx,
          actor,
          {
            action: 'price-level.discount.set',
            target: { type: 'price-level', id: levelId },
            before: { service: serviceId, discountPercent: percentOf(before) },
            after: { service: serviceId, discountPercent: percentOf(discountBps) },
          },
          clock.now(),
        );
        return { levelId, serviceId, discountPercent: percentOf(discountBps) };
      });
    },

    /**
     * The level's fixed price for a plan (null: priced by the discounts again). Any positive
     * amount is taken, above face value too: a fixed price is the operator's deliberate choice.
     */
    async setPrice(actor: AuditActor, levelId: string, serviceId: string, code: string, price: bigint | null) {
      return pricesChanged(async (tx) => {
        await lockedLevel(tx, levelId);
        if (!(await findService(tx, serviceId))) {
          throw fieldError('NOT_FOUND', 'serviceId', `No service ${serviceId} in the catalogue`);
        }
        const plan = await findVariation(tx, serviceId, code);
        if (!plan) throw fieldError('NOT_FOUND', 'code', `No plan ${code} in ${serviceId}`);
        if (plan.face_value <= 0n && price !== null) {
          throw fieldError(
            'VALIDATION_FAILED',
            'code',
            'The agent chooses the amount of this plan: set a discount for the service instead',
          );
        }
        const before = await findLevelPrice(tx, levelId, serviceId, code);
        await setLevelPrice(tx, levelId, serviceId, code, price);
        const planId = `${serviceId}/${code}`;
        await recordAudit(
          tx,
          actor,
          {
            action: 'price-level.price.set',
            target: { type: 'price-level', id: levelId },
            before: { plan: planId, faceValue: formatNaira(plan.face_value), price: nairaOf(before) },
            after: { plan: planId, faceValue: formatNaira(plan.face_value), price: nairaOf(price) },
          },
          clock.now(),
        );
        return { levelId, serviceId, code, price: nairaOf(price) };
      });
    },

    /**
     * Moves an agent to a level: their next purchase, through either door, is priced by it. A
     * move to the level they are in changes nothing and records nothing.
     */
    async moveAgent(actor: AuditActor, agentId: string, levelId: string) {
      return pricesChanged(async (tx) => {
        const before = await lockAgentLevel(tx, agentId);
        if (!before) throw new AppError('NOT_FOUND', 'Agent not found');
        const level = await lockPriceLevel(tx, levelId);
        if (!level) throw fieldError('VALIDATION_FAILED', 'levelId', 'No such price level');
        if (before.level_id === level.id) return { agentId, level, moved: false };
        const now = clock.now();
        await setAgentLevel(tx, agentId, level.id, now);
        await recordAudit(
          tx,
          actor,
          {
            action: 'agent.price-level.change',
            target: { type: 'agent', id: agentId },
            agentId,
            before: { level: { id: before.level_id, name: before.level_name } },
            after: { level: { id: level.id, name: level.name } },
          },
          now,
        );
        return { agentId, level, moved: true };
      });
    },
  };
}

export type PriceLevelsService = ReturnType<typeof createPriceLevelsService>;
