import type { FastifyInstance } from 'fastify';
import { checkLedger as checkLedgerEndpoint } from '@agentdesk/contract/admin/ledger';
import type { Database } from '../../db/database.js';
import { mountEndpoint } from '../../http/route.js';
import { checkLedger } from './ledger-check.js';

export function registerLedgerAdminRoutes(app: FastifyInstance, deps: { db: Database }): void {
  mountEndpoint(app, checkLedgerEndpoint, {}, async () => {
    const violations = await checkLedger(deps.db);
    return {
      message: violations.length === 0 ? 'The ledger is consistent' : `${violations.length} ledger violation(s)`,
      data: { ok: violations.length === 0, violations },
    };
  });
}
