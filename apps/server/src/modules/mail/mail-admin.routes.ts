import type { FastifyInstance } from 'fastify';
import { listOutbox } from '@agentdesk/contract/admin/outbox';
import type { Database } from '../../db/database.js';
import { mountEndpoint } from '../../http/route.js';
import { listEmails } from './outbox.repo.js';

/**
 * The development outbox. The owner's alone: its text holds agents' reset codes and operators'
 * invitation links, which would let a reader take over the account (an owner's, by an invite).
 */
export function registerMailAdminRoutes(app: FastifyInstance, deps: { db: Database }): void {
  mountEndpoint(app, listOutbox, {}, async ({ query }) => {
    const rows = await listEmails(deps.db, query);
    return {
      message: 'OK',
      data: rows.map((row) => ({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        text: row.body_text,
        status: row.status,
        createdAt: row.created_at.toISOString(),
      })),
    };
  });
}
