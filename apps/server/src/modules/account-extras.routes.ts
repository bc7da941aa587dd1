import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { Clock } from '../lib/clock.js';

/** Bank records, notifications, contact and support: the agent's account extras. */
export function registerAccountExtras(
  _app: FastifyInstance,
  _deps: { db: Database; clock: Clock; config: Config },
): void {
  // Filled in by the bank-records, notifications and contact modules.
}
