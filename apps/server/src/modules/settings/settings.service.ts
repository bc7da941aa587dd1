import type { TContact, TUpdateContactRequest } from '@agentdesk/contract/contact/contact-fields';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditActor } from '../audit/audit-actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { toFundingAccountView } from '../funding/funding-view.js';
import {
  listAllFundingAccounts,
  readProviderSettings,
  updateProviderSettings,
  type ProviderSettingsRow,
  type SettingColumn,
} from './settings.repo.js';

const CONTACT_COLUMNS = {
  phone: 'contact_phone',
  email: 'contact_email',
  whatsapp: 'contact_whatsapp',
  address: 'contact_address',
  hours: 'contact_hours',
} as const satisfies Record<keyof TContact, SettingColumn>;

/** Contact details parsed by the contract: absent unchanged, null cleared. */
export type ContactChanges = { [K in keyof TUpdateContactRequest]?: string | null };

/**
 * Settings operators change at run time, read from the database on every request (several
 * server instances must agree). Environment values are the defaults.
 */
export function createSettingsService(deps: {
  db: Database;
  clock: Clock;
  defaultSupportWhatsapp: string | undefined;
}) {
  const { db, clock } = deps;
  const defaultWhatsapp = deps.defaultSupportWhatsapp ?? null;

  const supportOf = (row: ProviderSettingsRow) => ({
    whatsapp: row.support_whatsapp,
    defaultWhatsapp,
    effectiveWhatsapp: row.support_whatsapp ?? defaultWhatsapp,
  });

  const savedContactOf = (row: ProviderSettingsRow): TContact => ({
    phone: row.contact_phone,
    email: row.contact_email,
    whatsapp: row.contact_whatsapp,
    address: row.contact_address,
    hours: row.contact_hours,
  });

  const contactOf = (row: ProviderSettingsRow) => {
    const saved = savedContactOf(row);
    // With no WhatsApp contact of its own, agents reach the provider on the support chat number.
    return { saved, effective: { ...saved, whatsapp: saved.whatsapp ?? supportOf(row).effectiveWhatsapp } };
  };

  return {
    /** The accounts agents transfer to, and the disabled ones (added and disabled in funding). */
    async fundingAccounts() {
      return (await listAllFundingAccounts(db)).map((row) => ({
        ...toFundingAccountView(row),
        active: row.active,
        createdAt: row.created_at.toISOString(),
      }));
    },

    async contact() {
      return contactOf(await readProviderSettings(db));
    },

    async updateContact(actor: AuditActor, changes: ContactChanges) {
      const columns: Partial<Record<SettingColumn, string | null>> = {};
      for (const [field, column] of Object.entries(CONTACT_COLUMNS) as Array<[keyof TContact, SettingColumn]>) {
        const value = changes[field];
        if (value !== undefined) columns[column] = value;
      }
      const row = await db.transaction(async (tx) => {
        const now = clock.now();
        const before = await readProviderSettings(tx, true);
        const after = await updateProviderSettings(tx, columns, { userId: actor.operatorId, now });
        await recordAudit(
          tx,
          actor,
          {
            action: 'settings.update',
            target: { type: 'settings', id: 'contact' },
            before: savedContactOf(before),
            after: savedContactOf(after),
          },
          now,
        );
        return after;
      });
      return contactOf(row);
    },

    async support() {
      return supportOf(await readProviderSettings(db));
    },

    /** null goes back to SUPPORT_WHATSAPP. */
    async setSupportWhatsapp(actor: AuditActor, whatsapp: string | null) {
      const row = await db.transaction(async (tx) => {
        const now = clock.now();
        const before = await readProviderSettings(tx, true);
        const after = await updateProviderSettings(
          tx,
          { support_whatsapp: whatsapp },
          { userId: actor.operatorId, now },
        );
        await recordAudit(
          tx,
          actor,
          {
            action: 'settings.update',
            target: { type: 'settings', id: 'support' },
            before: { whatsapp: before.support_whatsapp },
            after: { whatsapp: after.support_whatsapp },
          },
          now,
        );
        return after;
      });
      return supportOf(row);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
