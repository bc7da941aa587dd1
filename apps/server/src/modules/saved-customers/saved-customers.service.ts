import type { z } from 'zod';
import {
  MAX_SAVED_CUSTOMERS,
  type TSavedCustomer,
  type ZSaveCustomerRequest,
} from '@agentdesk/contract/saved-customers/saved-customer-fields';
import type { Database } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import {
  countSavedCustomers,
  deleteSavedCustomerOf,
  findSavedNumber,
  insertSavedCustomer,
  listSavedCustomersOf,
  lockAgentSavedCustomers,
  renameSavedCustomerOf,
  type SavedCustomerKey,
  type SavedCustomerRow,
} from './saved-customers.repo.js';

type SaveRequest = z.output<typeof ZSaveCustomerRequest>;

function toView(row: SavedCustomerRow): TSavedCustomer {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    number: row.number,
    provider: row.provider || null,
    meterType: row.meter_type,
    createdAt: row.created_at.toISOString(),
  };
}

export function encodeCursor(row: Pick<SavedCustomerRow, 'name_key' | 'id'>): string {
  return Buffer.from(JSON.stringify([row.name_key, row.id]), 'utf8').toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The key a cursor carries; a cursor we did not issue is the 422 of any unknown cursor. */
export function decodeCursor(cursor: string): SavedCustomerKey {
  let key: unknown;
  try {
    key = /^[A-Za-z0-9_-]+$/.test(cursor) ? JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) : null;
  } catch {
    key = null;
  }
  if (!Array.isArray(key) || key.length !== 2 || typeof key[0] !== 'string' || !UUID.test(String(key[1]))) {
    throw AppError.unknownCursor();
  }
  return { nameKey: key[0], id: key[1] as string };
}

/** What tells two saved numbers apart besides the number: the network, the disco or the TV provider. */
function providerOf(customer: SaveRequest): string {
  if (customer.kind === 'phone') return customer.network ?? '';
  if (customer.kind === 'meter') return customer.disco;
  return customer.provider;
}

const NUMBER_WORD = { phone: 'number', meter: 'meter', smartcard: 'smartcard' } as const;

function savedBefore(row: SavedCustomerRow): AppError {
  return AppError.conflict('number', `You already saved this ${NUMBER_WORD[row.kind]} as “${row.name}”`);
}

const tooMany = () =>
  new AppError(
    'CONFLICT',
    `You can keep at most ${MAX_SAVED_CUSTOMERS} saved customers. Remove one you no longer sell to first.`,
  );

const notFound = () => new AppError('NOT_FOUND', 'No such saved customer');

/** The agent's saved customers: every call is scoped to the signed-in agent. */
export function createSavedCustomersService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  return {
    async list(
      userId: string,
      page: {
        kind?: TSavedCustomer['kind'] | undefined;
        q?: string | undefined;
        cursor?: string | undefined;
        limit: number;
      },
    ) {
      const after = page.cursor ? decodeCursor(page.cursor) : undefined;
      const rows = await listSavedCustomersOf(db, userId, { kind: page.kind, q: page.q, after, limit: page.limit + 1 });
      const shown = rows.slice(0, page.limit);
      const last = shown[shown.length - 1];
      return { items: shown.map(toView), nextCursor: rows.length > page.limit && last ? encodeCursor(last) : null };
    },

    /** Saves once per number (and network, disco or provider), at most MAX_SAVED_CUSTOMERS per agent. */
    async save(userId: string, customer: SaveRequest): Promise<TSavedCustomer> {
      const key = { kind: customer.kind, number: customer.number, provider: providerOf(customer) };
      const row = await db.transaction(async (tx) => {
        // Under the agent's lock: two saves at once can neither both pass the limit nor both insert.
        await lockAgentSavedCustomers(tx, userId);
        const existing = await findSavedNumber(tx, userId, key);
        if (existing) throw savedBefore(existing);
        if ((await countSavedCustomers(tx, userId)) >= MAX_SAVED_CUSTOMERS) throw tooMany();
        return insertSavedCustomer(tx, {
          userId,
          ...key,
          meterType: customer.kind === 'meter' ? customer.meterType : null,
          name: customer.name,
          now: clock.now(),
        });
      });
      return toView(row);
    },

    async rename(userId: string, id: string, name: string): Promise<TSavedCustomer> {
      const row = await renameSavedCustomerOf(db, userId, id, name);
      if (!row) throw notFound();
      return toView(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await deleteSavedCustomerOf(db, userId, id))) throw notFound();
    },
  };
}

export type SavedCustomersService = ReturnType<typeof createSavedCustomersService>;
