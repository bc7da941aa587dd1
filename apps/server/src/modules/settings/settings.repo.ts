import type { Queryable } from '../../db/database.js';
import type { FundingAccountRow } from '../funding/funding.repo.js';

export interface ProviderSettingsRow {
  contact_phone: string | null;
  contact_email: string | null;
  contact_whatsapp: string | null;
  contact_address: string | null;
  contact_hours: string | null;
  support_whatsapp: string | null;
  updated_at: Date | null;
  updated_by: string | null;
}

export type SettingColumn = Exclude<keyof ProviderSettingsRow, 'updated_at' | 'updated_by'>;

const COLUMNS: readonly SettingColumn[] = [
  'contact_phone',
  'contact_email',
  'contact_whatsapp',
  'contact_address',
  'contact_hours',
  'support_whatsapp',
];

/** The one settings row (migration 005 creates it); locked until commit when about to change it. */
export async function readProviderSettings(db: Queryable, forUpdate = false): Promise<ProviderSettingsRow> {
  const rows = await db.query<ProviderSettingsRow>(
    `SELECT * FROM provider_settings WHERE id${forUpdate ? ' FOR UPDATE' : ''}`,
  );
  return rows[0]!;
}

/** Sets the given columns (null clears) and answers the row after the change. */
export async function updateProviderSettings(
  db: Queryable,
  changes: Partial<Record<SettingColumn, string | null>>,
  by: { userId: string | null; now: Date },
): Promise<ProviderSettingsRow> {
  // Column names come from the fixed list above, never from the request.
  const columns = COLUMNS.filter((column) => column in changes);
  const assignments = columns.map((column, index) => `${column} = $${index + 3}`);
  const rows = await db.query<ProviderSettingsRow>(
    `UPDATE provider_settings SET ${[...assignments, 'updated_at = $1', 'updated_by = $2'].join(', ')}
     WHERE id RETURNING *`,
    [by.now, by.userId, ...columns.map((column) => changes[column] ?? null)],
  );
  return rows[0]!;
}

/**
 * Every provider bank account, those offered to agents first, each group oldest first (the
 * agents' own order). A provider has a handful: one statement, no pages.
 */
export async function listAllFundingAccounts(db: Queryable): Promise<Array<FundingAccountRow & { created_at: Date }>> {
  return db.query<FundingAccountRow & { created_at: Date }>(
    'SELECT * FROM funding_accounts ORDER BY active DESC, created_at, id',
  );
}
