import { displayNaira, formatNaira } from '@agentdesk/contract/money';
import type { Database } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditActor } from '../audit/audit-actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { findUserByIdentifier } from '../auth/users.repo.js';
import { postWalletMovement } from '../ledger/wallet-movement.js';
import { insertNotification } from '../notifications/notifications.repo.js';
import { payFirstFundingBonus } from '../referrals/referral-bonus.js';
import {
  deactivateFundingAccount,
  findFundingAccount,
  findFundingRequest,
  insertFundingAccount,
  insertFundingRequest,
  lockFundingRequest,
  lockVirtualAccount,
  markApproved,
  markRejected,
  upsertVirtualAccount,
  type FundingAccountRow,
  type FundingRequestRow,
  type VirtualAccountRow,
} from './funding.repo.js';
import { fundingCharge, toFundingAccountView } from './funding-view.js';
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
    async approve(requestId: string, actor: AuditActor): Promise<FundingRequestRow> {
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
        await markApproved(tx, request.id, actor.operatorId, transaction.id, now);
        await insertNotification(tx, {
          userId: request.user_id,
          kind: 'funding',
          title: 'Wallet funded',
          body: `${displayNaira(credit)} from your transfer ${request.reference} is now in your wallet.`,
          now,
        });
        await payFirstFundingBonus(tx, request.user_id, now);
        await recordAudit(
          tx,
          actor,
          {
            action: 'funding.approve',
            target: { type: 'funding-request', id: request.id },
            agentId: request.user_id,
            before: fundingAuditView(request),
            after: {
              ...fundingAuditView({ ...request, status: 'approved' }),
              credited: formatNaira(credit),
              transactionId: transaction.id,
            },
          },
          now,
        );
      });
      return reload(requestId);
    },

    async reject(requestId: string, actor: AuditActor, reason: string): Promise<FundingRequestRow> {
      await db.transaction(async (tx) => {
        const request = await lockFundingRequest(tx, requestId);
        if (!request) throw new AppError('NOT_FOUND', 'Funding request not found');
        if (request.status !== 'pending') throw new AppError('CONFLICT', `This request was already ${request.status}`);
        const now = clock.now();
        await markRejected(tx, request.id, actor.operatorId, reason, now);
        await insertNotification(tx, {
          userId: request.user_id,
          kind: 'funding',
          title: 'Funding request declined',
          body: `Your transfer ${request.reference} of ${displayNaira(request.amount)} was not credited: ${reason}`,
          now,
        });
        await recordAudit(
          tx,
          actor,
          {
            action: 'funding.reject',
            target: { type: 'funding-request', id: request.id },
            agentId: request.user_id,
            before: fundingAuditView(request),
            after: fundingAuditView({ ...request, status: 'rejected' }),
            reason,
          },
          now,
        );
      });
      return reload(requestId);
    },

    /** Adds a provider bank account agents transfer to. 409 when its number is listed already. */
    async addAccount(actor: AuditActor, account: Omit<FundingAccountRow, 'id' | 'active'>): Promise<FundingAccountRow> {
      try {
        return await db.transaction(async (tx) => {
          const now = clock.now();
          const row = await insertFundingAccount(tx, { ...account, now });
          await recordAudit(
            tx,
            actor,
            {
              action: 'funding-account.create',
              target: { type: 'funding-account', id: row.id },
              after: toFundingAccountView(row),
            },
            now,
          );
          return row;
        });
      } catch (error) {
        if ((error as { constraint?: string }).constraint === 'funding_accounts_number_key') {
          throw AppError.conflict('accountNumber', 'This account is already listed');
        }
        throw error;
      }
    },

    /** Stops offering a provider bank account. */
    async disableAccount(actor: AuditActor, id: string): Promise<FundingAccountRow> {
      return db.transaction(async (tx) => {
        const now = clock.now();
        const changed = await deactivateFundingAccount(tx, id);
        if (!changed) throw new AppError('NOT_FOUND', 'Funding account not found');
        await recordAudit(
          tx,
          actor,
          {
            action: 'funding-account.disable',
            target: { type: 'funding-account', id },
            before: { ...toFundingAccountView(changed.before), active: changed.before.active },
            after: { ...toFundingAccountView(changed.after), active: changed.after.active },
          },
          now,
        );
        return changed.after;
      });
    },

    /**
     * Records an agent's gateway virtual account, where the gateway's webhooks credit them
     * from: it decides whose wallet a payment reaches, so it is audited with the agent.
     */
    async assignVirtualAccount(
      actor: AuditActor,
      account: Omit<VirtualAccountRow, 'user_id'> & { username: string },
    ): Promise<{ username: string }> {
      const user = await findUserByIdentifier(db, { username: account.username });
      if (user?.role !== 'agent') {
        throw new AppError('VALIDATION_FAILED', 'username: No agent has this username', [
          { path: 'username', message: 'No agent has this username' },
        ]);
      }
      const { username: _username, ...fields } = account;
      const row: VirtualAccountRow = { ...fields, user_id: user.id };
      try {
        await db.transaction(async (tx) => {
          const now = clock.now();
          const before = await lockVirtualAccount(tx, user.id, account.provider);
          await upsertVirtualAccount(tx, { ...row, now });
          await recordAudit(
            tx,
            actor,
            {
              action: 'agent.virtual-account.assign',
              target: { type: 'agent', id: user.id },
              agentId: user.id,
              before: before ? virtualAccountAuditView(before) : null,
              after: virtualAccountAuditView(row),
            },
            now,
          );
        });
      } catch (error) {
        const constraint = (error as { constraint?: string }).constraint;
        if (constraint === 'virtual_accounts_number_key')
          throw AppError.conflict('accountNumber', 'This account number belongs to another agent');
        if (constraint === 'virtual_accounts_reference_key')
          throw AppError.conflict('providerReference', 'This reference belongs to another agent');
        throw error;
      }
      return { username: user.username };
    },
  };
}

/** A funding request as its audit rows show it. */
function fundingAuditView(request: Pick<FundingRequestRow, 'amount' | 'charge' | 'reference'> & { status: string }) {
  return {
    status: request.status,
    amount: formatNaira(request.amount),
    charge: formatNaira(request.charge),
    reference: request.reference,
  };
}

function virtualAccountAuditView(row: VirtualAccountRow) {
  return {
    provider: row.provider,
    accountNumber: row.account_number,
    bankName: row.bank_name,
    accountName: row.account_name,
    providerReference: row.provider_reference,
  };
}

export type FundingService = ReturnType<typeof createFundingService>;
