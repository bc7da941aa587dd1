import { formatNaira } from '@agentdesk/contract/money';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditActor } from '../audit/audit-actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { lockServiceTerms, lockVariationTerms, setServiceTerms, setVariationTerms } from './catalog.repo.js';

const serviceTermsView = (row: { discount_bps: number; enabled: boolean }) => ({
  discountPercent: (row.discount_bps / 100).toFixed(2),
  enabled: row.enabled,
});

const variationTermsView = (row: { agent_price: bigint | null; enabled: boolean; face_value: bigint }) => ({
  agentPrice: row.agent_price === null ? null : formatNaira(row.agent_price),
  faceValue: formatNaira(row.face_value),
  enabled: row.enabled,
});

/**
 * An operator's discount or switch for a service, with its audit row in the same transaction;
 * false when there is no such service. Purchases on this instance price from the change once
 * this resolves (decision 026).
 */
export async function changeServiceTerms(
  deps: { db: Database; clock: Clock },
  actor: AuditActor,
  serviceId: string,
  terms: Parameters<typeof setServiceTerms>[2],
): Promise<boolean> {
  const { db, clock } = deps;
  const found = await db.transaction(async (tx) => {
    const before = await lockServiceTerms(tx, serviceId);
    if (!before) return false;
    await setServiceTerms(tx, serviceId, terms);
    const after = (await lockServiceTerms(tx, serviceId))!;
    await recordAudit(
      tx,
      actor,
      {
        action: 'catalog.service.update',
        target: { type: 'service', id: serviceId },
        before: serviceTermsView(before),
        after: serviceTermsView(after),
      },
      clock.now(),
    );
    return true;
  });
  if (found) await db.notifications.delivered();
  return found;
}

/**
 * An operator's agent price or switch for a plan, with its audit row in the same transaction;
 * false when there is no such plan. Purchases on this instance price from the change once this
 * resolves (decision 026).
 */
export async function changeVariationTerms(
  deps: { db: Database; clock: Clock },
  actor: AuditActor,
  serviceId: string,
  code: string,
  terms: Parameters<typeof setVariationTerms>[3],
): Promise<boolean> {
  const { db, clock } = deps;
  const found = await db.transaction(async (tx) => {
    const before = await lockVariationTerms(tx, serviceId, code);
    if (!before) return false;
    await setVariationTerms(tx, serviceId, code, terms);
    const after = (await lockVariationTerms(tx, serviceId, code))!;
    await recordAudit(
      tx,
      actor,
      {
        action: 'catalog.plan.update',
        target: { type: 'plan', id: `${serviceId}/${code}` },
        before: variationTermsView(before),
        after: variationTermsView(after),
      },
      clock.now(),
    );
    return true;
  });
  if (found) await db.notifications.delivered();
  return found;
}
