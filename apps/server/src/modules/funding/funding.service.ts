import { displayNaira, formatNaira } from '@agentdesk/contract/money';
import type { Database } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { postWalletMovement } from '../ledger/wallet-movement.js';
import { insertNotification } from '../notifications/notifications.repo.js';
import { payFirstFundingBonus } from '../referrals/referral-bonus.js';
import {
  findFundingAccount,
  findFundingRequest,
  insertFundingRequest,
  lockFundingRequest,
  markApproved,
  markRejected,
  type FundingRequestRow,
} from './funding.repo.js';
import { fundingCharge } from './funding-view.js';
import { readProof } from './proof-file.js';

export interface NewFundingRequest {
  accountId: string;
  amount: bigint;
  senderName: string;
  reference: string;
  transferDate: string;
  proof?: { fileName: string; contentBase64: string } | undefined;
}

export function createFundingService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  async function reload(id: string): Promise<FundingRequestRow> {
    const row = await findFundingRequest(db, id);
    if (!row) throw new AppError('NOT_FOUND', 'Funding request not found');
    return row;
  }

  return {
    /** An agent reports a transfer. Charges are fixed now, from the account's terms, so the agent sees what will arrive. */
    async report(userId: string, request: NewFundingRequest): Promise<FundingRequestRow> {
      const account = await findFundingAccount(db, request.accountId);
      if (!account?.active) {
        throw new AppError('VALIDATION_FAILED', 'accountId: Choose one of the provider’s accounts', [
          { path: 'accountId', message: 'Choose one of the provider’s accounts' },
        ]);
      }
      if (request.amount < account.minimum) {
        const message = `The minimum for this account is ${displayNaira(account.minimum)}`;
        throw new AppError('VALIDATION_FAILED', `amount: ${message}`, [{ path: 'amount', message }]);
      }
      const now = clock.now();
      const lagosToday = new Date(now.getTime() + 3_600_000).toISOString().slice(0, 10);
      if (request.transferDate > lagosToday) {
        throw new AppError('VALIDATION_FAILED', 'transferDate: The transfer date cannot be in the future', [
          { path: 'transferDate', message: 'The transfer date cannot be in the future' },
        ]);
      }
      const charge = fundingCharge(account, request.amount);
      if (charge >= request.amount) {
        const message = 'The amount does not cover the charge';
        throw new AppError('VALIDATION_FAILED', `amount: ${message}`, [{ path: 'amount', message }]);
      }
      const proof = request.proof ? readProof(request.proof) : undefined;
      try {
        const id = await db.transaction((tx) => insertFundingRequest(tx, { ...request, userId, charge, proof, now }));
        return await reload(id);
      } catch (error) {
        if ((error as { constraint?: string }).constraint === 'funding_requests_reference_key') {
          throw AppError.conflict('reference', 'This transfer reference has already been reported');
        }
        throw error;
      }
    },

    /**
     * Credits the wallet with the amount less the charge, exactly once: the request row is
     * locked, and the ledger entry's idempotency key is the request id.
     */
    async approve(requestId: string, operatorId: string): Promise<FundingRequestRow> {
      await db.transaction(async (tx) => {
        const request = await lockFundingRequest(tx, requestId);
        if (!request) throw new AppError('NOT_FOUND', 'Funding request not found');
        if (request.status !== 'pending') throw new AppError('CONFLICT', `This request was already ${request.status}`);
        const now = clock.now();
        const credit = request.amount - request.charge;
        const transaction = await postWalletMovement(tx, {
          userId: request.user_id,
          direction: 'credit',
          amount: credit,
          fee: request.charge,
          counterpart: 'funding_clearing',
          idempotencyKey: `funding-request:${request.id}`,
          type: 'funding',
          name: 'Wallet funding',
          description: `Bank transfer ${request.reference}`,
          service: 'bank-transfer',
          details: {
            fundingRequestId: request.id,
            transferAmount: formatNaira(request.amount),
            charge: formatNaira(request.charge),
          },
          now,
        });
        if (!transaction) throw new AppError('CONFLICT', 'This request was already credited');
        await markApproved(tx, request.id, operatorId, transaction.id, now);
        await insertNotification(tx, {
          userId: request.user_id,
          kind: 'funding',
          title: 'Wallet funded',
          body: `${displayNaira(credit)} from your transfer ${request.reference} is now in your wallet.`,
          now,
        });
        await payFirstFundingBonus(tx, request.user_id, now);
      });
      return reload(requestId);
    },

    async reject(requestId: string, operatorId: string, reason: string): Promise<FundingRequestRow> {
      await db.transaction(async (tx) => {
        const request = await lockFundingRequest(tx, requestId);
        if (!request) throw new AppError('NOT_FOUND', 'Funding request not found');
        if (request.status !== 'pending') throw new AppError('CONFLICT', `This request was already ${request.status}`);
        const now = clock.now();
        await markRejected(tx, request.id, operatorId, reason, now);
        await insertNotification(tx, {
          userId: request.user_id,
          kind: 'funding',
          title: 'Funding request declined',
          body: `Your transfer ${request.reference} of ${displayNaira(request.amount)} was not credited: ${reason}`,
          now,
        });
      });
      return reload(requestId);
    },
  };
}

export type FundingService = ReturnType<typeof createFundingService>;
