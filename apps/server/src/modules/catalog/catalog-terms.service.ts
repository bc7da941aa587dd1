import type { Database } from '../../db/database.js';
import { setServiceTerms, setVariationTerms } from './catalog.repo.js';

/**
 * An operator's discount or switch for a service; false when there is no such service.
 * Purchases on this instance price from the change once this resolves (decision 026).
 */
export async function changeServiceTerms(
  db: Database,
  serviceId: string,
  terms: Parameters<typeof setServiceTerms>[2],
): Promise<boolean> {
  const found = await setServiceTerms(db, serviceId, terms);
  if (found) await db.notifications.delivered();
  return found;
}

/**
 * An operator's agent price or switch for a variation; false when there is no such variation.
 * Purchases on this instance price from the change once this resolves (decision 026).
 */
export async function changeVariationTerms(
  db: Database,
  serviceId: string,
  code: string,
  terms: Parameters<typeof setVariationTerms>[3],
): Promise<boolean> {
  const found = await setVariationTerms(db, serviceId, code, terms);
  if (found) await db.notifications.delivered();
  return found;
}
