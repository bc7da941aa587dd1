import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody } from '@agentdesk/contract/envelope';
import { statementCsv, statementFileName } from '@agentdesk/contract/transactions/statement';
import type { Database } from '../../db/database.js';
import { requireRole } from '../../http/authenticate.js';
import { limit } from '../../http/rate-limits.js';
import type { Authenticated } from '../auth/sessions.service.js';
import { statementLines } from './statement.service.js';

export const STATEMENTS_PER_MINUTE = 20;

/**
 * The CSV statement. Not a `mountEndpoint` route, because its success is a file, not the JSON
 * envelope: the same guard (agent session) and query validation run first, so every error is
 * still the envelope; the body is streamed from a generator of batches.
 */
export function registerStatementRoutes(app: FastifyInstance, deps: { db: Database }): void {
  // A statement reads up to a year of history: a few a minute is plenty for a person.
  const perAgent = limit(app, {
    name: 'statement-agent',
    max: STATEMENTS_PER_MINUTE,
    windowMs: 60_000,
    key: (request) => (request.auth as Authenticated).user.id,
  });
  app.withTypeProvider<ZodTypeProvider>().route({
    method: statementCsv.method,
    url: statementCsv.path,
    schema: {
      summary: statementCsv.summary,
      tags: [...statementCsv.tags],
      description:
        "Columns: date (Lagos time), reference, description, service, recipient, type, amount (signed: debits negative), balance before, balance after, status. Text cells that begin with = + - @ are prefixed with '.",
      querystring: statementCsv.query,
      response: {
        200: {
          description: 'The statement as CSV, oldest first (Content-Disposition: attachment)',
          content: { 'text/csv': { schema: z.string() } },
        },
        '4xx': ZErrorBody,
        500: ZErrorBody,
      },
      security: [{ bearer: [] }],
    },
    preValidation: [requireRole('agent')],
    preHandler: [perAgent],
    handler: async (request, reply) => {
      const { from, to } = request.query;
      const auth = request.auth as Authenticated;
      const lines = statementLines(deps.db, { userId: auth.user.id, from, to });
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${statementFileName(from, to)}"`)
          .header('cache-control', 'no-store')
          // A stream is sent as it is (no serializer); the typed reply only knows the schemas.
          .send(Readable.from(lines) as never)
      );
    },
  });
}
