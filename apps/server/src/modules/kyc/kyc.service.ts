import type { TGatewayFee, TKycRequest, TKycState } from '@agentdesk/contract/funding/kyc';
import { formatNaira } from '@agentdesk/contract/money';
import type { GatewayFee } from '../../config.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from 'pino';
import { findUserById } from '../auth/users.repo.js';
import { listVirtualAccounts, upsertVirtualAccount } from '../funding/funding.repo.js';
import { findBank } from '@agentdesk/contract/banks/nigerian-banks';
import {
  GatewayRefused,
  type GatewayClient,
  type OpenedAccount,
  type PendingIdentification,
} from '../gateways/gateway-client.js';
import { decryptIdNumber, encryptIdNumber, maskIdNumber } from './id-cipher.js';
import {
  findKyc,
  finishKyc,
  lockKyc,
  lockKycOfPaystackCustomer,
  recordPaystackIdentification,
  upsertSubmittedKyc,
  type KycRow,
} from './kyc.repo.js';
import type { Queryable } from '../../db/database.js';

/** A submit older than this that never finished (a crash mid-call) no longer blocks the next. */
const SUBMIT_STALE_MS = 2 * 60_000;
/** Paystack's identification answered by no webhook in this long no longer blocks a new submit. */
const IDENTIFICATION_STALE_MS = 30 * 60_000;

/** A Paystack `customeridentification.*` webhook, as the reference describes it. */
export interface PaystackIdentificationEvent {
  success: boolean;
  customerCode: string;
  email: string;
  /** Paystack's reason when failed ([inferred] field name). */
  reason: string | undefined;
}

/** What became of an identification webhook. */
export type IdentificationOutcome = 'opened' | 'failed' | 'duplicate' | 'ignored';

const isPending = (result: OpenedAccount | PendingIdentification): result is PendingIdentification =>
  'pending' in result;
const paystackFailureMessage = (reason: string | null) =>
  `Paystack could not verify your bank account: ${reason ?? 'no reason given'}`;

const GATEWAY_NAMES = { paystack: 'Paystack', monnify: 'Monnify' } as const;

/** The agent's stable reference at every gateway: the same on each submit, so no account is opened twice. */
export const accountReferenceOf = (userId: string) => `agentdesk-${userId}`;

export function feeView(provider: 'paystack' | 'monnify', fee: GatewayFee): TGatewayFee {
  return {
    provider,
    flat: formatNaira(fee.flat),
    percent: (fee.bps / 100).toFixed(2),
    cap: fee.cap > 0n ? formatNaira(fee.cap) : null,
  };
}

/**
 * Identity checks (decision 046): the agent's BVN or NIN, with the names on it, opens their
 * dedicated account at each enabled gateway (Monnify first: it checks the name against the ID).
 * The number is stored only encrypted and masked, and never logged.
 */
export function createKycService(deps: {
  db: Database;
  clock: Clock;
  log: Logger;
  key: Buffer;
  clients: GatewayClient[];
  fees: TGatewayFee[];
  /** Paystack validates customers (decision 046): a submit needs a BVN and a bank account linked to it. */
  paystackValidates?: boolean;
}) {
  const { db, clock, log, key, clients, fees } = deps;
  const bankAccountRequired =
    deps.paystackValidates === true && clients.some((client) => client.gateway === 'paystack');

  /**
   * The overall state from what is recorded: verified once every enabled gateway's account is,
   * else the submit's own failure, else what Paystack's identification said.
   */
  async function settle(tx: Queryable, row: KycRow, now: Date, submitFailure?: AppError): Promise<void> {
    const accounts = await listVirtualAccounts(tx, row.user_id);
    const allOpen = clients.every((client) => accounts.some((account) => account.provider === client.gateway));
    const outcome: { status: 'pending' | 'verified' | 'failed'; failureMessage: string | null } = allOpen
      ? { status: 'verified', failureMessage: null }
      : submitFailure
        ? { status: 'failed', failureMessage: submitFailure.message }
        : row.paystack_identification === 'failed'
          ? { status: 'failed', failureMessage: paystackFailureMessage(row.paystack_failure) }
          : row.paystack_identification === 'pending'
            ? { status: 'pending', failureMessage: null }
            : { status: 'failed', failureMessage: 'Not every account could be opened; please submit again' };
    await finishKyc(tx, row.user_id, { ...outcome, now });
  }

  async function state(userId: string): Promise<TKycState> {
    const [row, accounts] = await Promise.all([findKyc(db, userId), listVirtualAccounts(db, userId)]);
    return toState(row, accounts);
  }

  function toState(row: KycRow | undefined, accounts: Awaited<ReturnType<typeof listVirtualAccounts>>): TKycState {
    return {
      status: row?.status ?? 'none',
      idType: row?.id_type ?? null,
      maskedId: row?.id_masked ?? null,
      firstName: row?.first_name ?? null,
      lastName: row?.last_name ?? null,
      failureMessage: row?.failure_message ?? null,
      verifiedAt: row?.verified_at ? new Date(row.verified_at).toISOString() : null,
      bankAccountRequired,
      accounts: accounts.map((account) => ({
        provider: account.provider,
        bankName: account.bank_name,
        accountNumber: account.account_number,
        accountName: account.account_name,
      })),
      fees,
    };
  }

  return {
    state,

    async submit(
      userId: string,
      input: {
        idType: 'bvn' | 'nin';
        idNumber: string;
        firstName: string;
        lastName: string;
        bankAccountNumber?: string | undefined;
        bankCode?: string | undefined;
      },
    ) {
      if (clients.length === 0) {
        throw new AppError('CONFLICT', 'Automatic funding is not available: no payment gateway is configured');
      }
      const { bankAccountNumber, bankCode, ...identity } = input;
      let bankAccount: { accountNumber: string; bankCode: string } | undefined;
      if (bankAccountRequired) {
        // Paystack checks a BVN against a bank account linked to it: both asked before any gateway is.
        const message = 'Paystack checks your BVN with a bank account linked to it';
        if (input.idType !== 'bvn') {
          throw new AppError('VALIDATION_FAILED', `idType: ${message}: give your BVN`, [
            { path: 'idType', message: `${message}: give your BVN` },
          ]);
        }
        if (!bankAccountNumber) {
          throw new AppError('VALIDATION_FAILED', 'bankAccountNumber is required', [
            { path: 'bankAccountNumber', message: `${message}: give its account number` },
          ]);
        }
        const bank = bankCode ? findBank(bankCode) : undefined;
        if (!bank?.cbnCode) {
          const why = bank
            ? 'Paystack cannot check an account at this bank; choose another'
            : `${message}: choose its bank`;
          throw new AppError('VALIDATION_FAILED', `bankCode: ${why}`, [{ path: 'bankCode', message: why }]);
        }
        bankAccount = { accountNumber: bankAccountNumber, bankCode: bank.cbnCode };
      }
      const user = await findUserById(db, userId);
      if (user?.role !== 'agent') throw new AppError('FORBIDDEN', 'Only agents have identity checks');

      // Claim the check: one submit at a time per agent; a verified identity is not replaced.
      const proceed = await db.transaction(async (tx) => {
        const now = clock.now();
        const existing = await lockKyc(tx, userId);
        if (
          existing?.status === 'submitted' &&
          now.getTime() - new Date(existing.updated_at).getTime() < SUBMIT_STALE_MS
        ) {
          throw new AppError('CONFLICT', 'Your identity check is already in progress; wait a moment and look again');
        }
        if (
          existing?.status === 'pending' &&
          now.getTime() - new Date(existing.updated_at).getTime() < IDENTIFICATION_STALE_MS
        ) {
          throw new AppError('CONFLICT', 'Paystack is still checking your bank account; wait a moment and look again');
        }
        if (existing?.status === 'verified') {
          const sameId =
            existing.id_type === input.idType &&
            decryptIdNumber(key, userId, existing.id_ciphertext) === input.idNumber;
          if (!sameId) {
            throw AppError.conflict('idNumber', 'Your identity is already verified with another number');
          }
          const opened = await listVirtualAccounts(tx, userId);
          // Nothing missing: a repeat changes nothing and asks no gateway.
          if (clients.every((client) => opened.some((account) => account.provider === client.gateway))) return false;
        }
        await upsertSubmittedKyc(tx, {
          userId,
          idType: input.idType,
          ciphertext: encryptIdNumber(key, userId, input.idNumber),
          masked: maskIdNumber(input.idNumber),
          firstName: input.firstName,
          lastName: input.lastName,
          now,
        });
        return true;
      });
      if (!proceed) return state(userId);

      const subject = {
        userId,
        accountReference: accountReferenceOf(userId),
        email: user.email,
        phone: user.phone,
        ...identity,
        bankAccount,
      };
      const opened: Array<{ gateway: 'paystack' | 'monnify'; account: OpenedAccount }> = [];
      let identification: PendingIdentification | undefined;
      let failure: AppError | undefined;
      for (const client of clients) {
        try {
          const result = await client.openAccount(subject);
          if (isPending(result)) identification = result;
          else opened.push({ gateway: client.gateway, account: result });
        } catch (error) {
          const name = GATEWAY_NAMES[client.gateway];
          if (error instanceof GatewayRefused) {
            const message = `${name} could not verify your ${input.idType.toUpperCase()}: ${error.message}`;
            failure = new AppError('VALIDATION_FAILED', message, [{ path: 'idNumber', message }]);
          } else {
            log.warn({ gateway: client.gateway, err: (error as Error).message }, 'identity check: gateway unreachable');
            failure = new AppError(
              'SERVICE_UNAVAILABLE',
              `${name} could not be reached to open your account. Nothing was charged; please try again in a few minutes.`,
            );
          }
          break;
        }
      }

      // What the gateways opened is recorded whatever happened after: it exists there, and the
      // next submit fetches it rather than opening another.
      await db.transaction(async (tx) => {
        const now = clock.now();
        for (const { gateway, account } of opened) {
          await upsertVirtualAccount(tx, {
            user_id: userId,
            provider: gateway,
            account_number: account.accountNumber,
            bank_name: account.bankName,
            account_name: account.accountName,
            provider_reference: account.providerReference,
            now,
          });
        }
        const row = await lockKyc(tx, userId);
        // The claim reset Paystack's answer: one recorded now came by webhook for this request.
        if (identification && !row!.paystack_identification) {
          await recordPaystackIdentification(tx, userId, {
            state: 'pending',
            customerCode: identification.providerReference,
            failure: null,
            now,
          });
        }
        await settle(tx, (await lockKyc(tx, userId))!, now, failure);
      });
      const after = await state(userId);
      log.info({ userId, outcome: after.status, gateways: opened.map((entry) => entry.gateway) }, 'identity check');
      if (failure) throw failure;
      return after;
    },

    /**
     * Paystack's `customeridentification.success` / `.failed` webhook (signature already checked).
     * Success opens the dedicated account (fetched if it exists: a replay opens none twice);
     * failure records Paystack's reason for the agent, who may submit again. A customer this
     * server does not know is ignored. GatewayUnreachable propagates (the webhook answers 503).
     */
    async paystackIdentification(event: PaystackIdentificationEvent): Promise<IdentificationOutcome> {
      const paystack = clients.find((client) => client.gateway === 'paystack');
      if (!paystack) return 'ignored';
      const found = await db.transaction(async (tx) => {
        const row = await lockKycOfPaystackCustomer(tx, event.customerCode, event.email);
        if (!row) return { outcome: 'ignored' as const };
        const accounts = await listVirtualAccounts(tx, row.user_id);
        const hasAccount = accounts.some((account) => account.provider === 'paystack');
        if (!event.success) {
          if (hasAccount || row.paystack_identification === 'verified') return { outcome: 'ignored' as const };
          if (row.paystack_identification === 'failed') return { outcome: 'duplicate' as const };
          const now = clock.now();
          await recordPaystackIdentification(tx, row.user_id, {
            state: 'failed',
            customerCode: event.customerCode,
            failure: event.reason ?? null,
            now,
          });
          // A submit in flight settles the state itself when it finishes.
          if (row.status !== 'submitted') await settle(tx, (await lockKyc(tx, row.user_id))!, now);
          return { outcome: 'failed' as const };
        }
        if (row.paystack_identification === 'verified' && hasAccount) return { outcome: 'duplicate' as const };
        return { outcome: 'open' as const, row };
      });
      if (found.outcome !== 'open') {
        log.info({ gateway: 'paystack', outcome: found.outcome }, 'customer identification webhook');
        return found.outcome;
      }
      const { row } = found;
      const user = await findUserById(db, row.user_id);
      if (!user) return 'ignored';
      let result: OpenedAccount | PendingIdentification | undefined;
      let refusal: string | undefined;
      try {
        result = await paystack.openAccount({
          userId: row.user_id,
          accountReference: accountReferenceOf(row.user_id),
          email: user.email,
          phone: user.phone,
          idType: row.id_type,
          idNumber: decryptIdNumber(key, row.user_id, row.id_ciphertext),
          firstName: row.first_name,
          lastName: row.last_name,
          identified: true,
        });
      } catch (error) {
        if (!(error instanceof GatewayRefused)) throw error;
        refusal = error.message;
      }
      const outcome = await db.transaction(async (tx) => {
        const now = clock.now();
        const current = await lockKyc(tx, row.user_id);
        if (!current) return 'ignored' as const;
        if (result && !isPending(result)) {
          await upsertVirtualAccount(tx, {
            user_id: row.user_id,
            provider: 'paystack',
            account_number: result.accountNumber,
            bank_name: result.bankName,
            account_name: result.accountName,
            provider_reference: result.providerReference,
            now,
          });
        }
        const opened = result !== undefined && !isPending(result);
        await recordPaystackIdentification(tx, row.user_id, {
          state: opened ? 'verified' : 'failed',
          customerCode: event.customerCode,
          failure: opened ? null : (refusal ?? 'the dedicated account was not assigned'),
          now,
        });
        if (current.status !== 'submitted') await settle(tx, (await lockKyc(tx, row.user_id))!, now);
        return opened ? ('opened' as const) : ('failed' as const);
      });
      log.info({ gateway: 'paystack', userId: row.user_id, outcome }, 'customer identification webhook');
      return outcome;
    },
  };
}

export type KycService = ReturnType<typeof createKycService>;
export type { TKycRequest };
