import { MAX_BANK_ACCOUNTS, type TBankAccount } from '@agentdesk/contract/banks/bank-fields';
import { findBank, type NigerianBank } from '@agentdesk/contract/banks/nigerian-banks';
import type { Database } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { AccountNameResolver } from './account-name-resolver.js';
import {
  deleteBankAccountOf,
  findBankAccountOf,
  insertBankAccount,
  listBankAccountsOf,
  lockAgentBankAccounts,
  type BankAccountRow,
} from './banks.repo.js';

function toView(row: BankAccountRow): TBankAccount {
  return {
    id: row.id,
    bankCode: row.bank_code,
    bankName: findBank(row.bank_code)?.name ?? row.bank_code,
    accountNumber: row.account_number,
    accountName: row.account_name,
    createdAt: row.created_at.toISOString(),
  };
}

function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', `${path}: ${message}`, [{ path, message }]);
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'No such bank account');
}

/** Upper-case words without accents, for comparing names the way a person would. */
function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter(Boolean);
}

/**
 * Whether the name an agent typed is the bank's: every word of it appears in the bank's
 * name (banks answer "SURNAME GIVEN OTHER" and people type "Given Surname"), and it has at
 * least two words unless the bank's has one.
 */
export function sameAccountName(typed: string, bankName: string): boolean {
  const typedWords = nameWords(typed);
  const bankWords = new Set(nameWords(bankName));
  if (typedWords.length === 0 || typedWords.length < Math.min(2, bankWords.size)) return false;
  return typedWords.every((word) => bankWords.has(word));
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

const duplicate = () => AppError.conflict('accountNumber', 'You have already added this account at this bank');
const tooMany = () =>
  new AppError(
    'CONFLICT',
    `You can keep at most ${MAX_BANK_ACCOUNTS} bank accounts. Remove one before adding another.`,
  );

export function createBanksService(deps: { db: Database; clock: Clock; resolver: AccountNameResolver }) {
  const { db, clock, resolver } = deps;

  /** Name enquiry; an account the bank does not know is a 422 on accountNumber. */
  async function resolveName(bank: NigerianBank, accountNumber: string): Promise<string> {
    const name = await resolver.resolve(bank, accountNumber);
    if (name === null) throw invalid('accountNumber', `${bank.name} has no account with this number`);
    return name;
  }

  return {
    async list(userId: string): Promise<TBankAccount[]> {
      return (await listBankAccountsOf(db, userId)).map(toView);
    },

    async get(userId: string, id: string): Promise<TBankAccount> {
      const row = await findBankAccountOf(db, userId, id);
      if (!row) throw notFound();
      return toView(row);
    },

    /** `bankCode` is our code (the contract normalised it) and the number passed its NUBAN check. */
    async resolve(bankCode: string, accountNumber: string) {
      const bank = findBank(bankCode)!;
      return {
        bankCode: bank.code,
        bankName: bank.name,
        accountNumber,
        accountName: await resolveName(bank, accountNumber),
      };
    },

    /**
     * Adds an account after name enquiry. The bank's name is the one kept; a name the agent
     * typed must match it. At most five per agent, no number twice at one bank.
     */
    async create(
      userId: string,
      input: { bankCode: string; accountNumber: string; accountName?: string | undefined },
    ): Promise<TBankAccount> {
      const bank = findBank(input.bankCode)!;
      // Cheap refusals first, so a doomed request costs no name enquiry.
      const existing = await listBankAccountsOf(db, userId);
      if (existing.some((row) => row.bank_code === bank.code && row.account_number === input.accountNumber))
        throw duplicate();
      if (existing.length >= MAX_BANK_ACCOUNTS) throw tooMany();

      const accountName = await resolveName(bank, input.accountNumber);
      if (input.accountName !== undefined && !sameAccountName(input.accountName, accountName)) {
        throw invalid('accountName', `The bank has this account in the name of ${accountName}`);
      }

      try {
        const row = await db.transaction(async (tx) => {
          // Checked again under the agent's lock: two requests at once cannot both pass the limit.
          await lockAgentBankAccounts(tx, userId);
          const current = await listBankAccountsOf(tx, userId);
          if (current.length >= MAX_BANK_ACCOUNTS) throw tooMany();
          return insertBankAccount(tx, {
            userId,
            bankCode: bank.code,
            accountNumber: input.accountNumber,
            accountName,
            now: clock.now(),
          });
        });
        return toView(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await deleteBankAccountOf(db, userId, id))) throw notFound();
    },
  };
}

export type BanksService = ReturnType<typeof createBanksService>;
