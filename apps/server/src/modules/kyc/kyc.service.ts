import type { TGatewayFee, TKycRequest, TKycState } from '@agentdesk/contract/funding/kyc';
import { formatNaira } from '@agentdesk/contract/money';
import type { GatewayFee } from '../../config.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from 'pino';
import { findUserById } from '../auth/users.repo.js';
import { listVirtualAccounts, upsertVirtualAccount } from '../funding/funding.repo.js';
import { GatewayRefused, type GatewayClient, type OpenedAccount } from '../gateways/gateway-client.js';
import { decryptIdNumber, encryptIdNumber, maskIdNumber } from './id-cipher.js';
import { findKyc, finishKyc, lockKyc, upsertSubmittedKyc, type KycRow } from './kyc.repo.js';

/** A submit older than this that never finished (a crash mid-call) no longer blocks the next. */
const SUBMIT_STALE_MS = 2 * 60_000;

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
}) {
  const { db, clock, log, key, clients, fees } = deps;

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
      input: { idType: 'bvn' | 'nin'; idNumber: string; firstName: string; lastName: string },
    ) {
      if (clients.length === 0) {
        throw new AppError('CONFLICT', 'Automatic funding is not available: no payment gateway is configured');
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
        ...input,
      };
      const opened: Array<{ gateway: 'paystack' | 'monnify'; account: OpenedAccount }> = [];
      let failure: AppError | undefined;
      for (const client of clients) {
        try {
          opened.push({ gateway: client.gateway, account: await client.openAccount(subject) });
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
        await finishKyc(tx, userId, {
          status: failure ? 'failed' : 'verified',
          failureMessage: failure?.message ?? null,
          now,
        });
      });
      log.info(
        { userId, outcome: failure ? 'failed' : 'verified', gateways: opened.map((entry) => entry.gateway) },
        'identity check',
      );
      if (failure) throw failure;
      return state(userId);
    },
  };
}

export type KycService = ReturnType<typeof createKycService>;
export type { TKycRequest };
