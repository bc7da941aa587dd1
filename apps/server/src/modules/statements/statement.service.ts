import { formatNaira } from '@agentdesk/contract/money';
import { STATEMENT_COLUMNS } from '@agentdesk/contract/transactions/statement';
import type { Queryable } from '../../db/database.js';
import { lagosDayStart, lagosIso } from '../dashboard/lagos-time.js';
import { csvLine, defuseFormula } from './csv.js';
import { statementBatch, type StatementRow } from './statement.repo.js';

/** Rows per query: memory holds one batch, whatever the range. */
export const STATEMENT_BATCH = 1000;

function rowLine(row: StatementRow): string {
  const signed = row.direction === 'debit' ? -row.amount : row.amount;
  return csvLine([
    lagosIso(row.created_at),
    defuseFormula(row.ref),
    defuseFormula(row.description),
    defuseFormula(row.service ?? ''),
    defuseFormula(row.recipient ?? ''),
    row.type,
    formatNaira(signed),
    formatNaira(row.balance_before),
    formatNaira(row.balance_after),
    row.status,
  ]);
}

/**
 * The statement of one agent for inclusive Lagos dates, as CSV text chunks: the header, then
 * one chunk per batch of rows read by keyset. A consumer that stops reading stops the queries.
 */
export async function* statementLines(
  db: Queryable,
  options: { userId: string; from: string; to: string; batchSize?: number },
): AsyncGenerator<string> {
  const batchSize = options.batchSize ?? STATEMENT_BATCH;
  const from = lagosDayStart(options.from);
  const to = lagosDayStart(options.to, 1);
  yield csvLine(STATEMENT_COLUMNS);
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    const rows = await statementBatch(db, { userId: options.userId, from, to, after, limit: batchSize });
    if (rows.length > 0) yield rows.map(rowLine).join('');
    if (rows.length < batchSize) return;
    const last = rows.at(-1)!;
    after = { createdAt: last.created_at_key, id: last.id };
  }
}
