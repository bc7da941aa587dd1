import type { FastifyInstance } from 'fastify';
import {
  adminListFundingRequests,
  approveFundingRequest,
  assignVirtualAccount,
  createFundingAccount,
  disableFundingAccount,
  rejectFundingRequest,
} from '@agentdesk/contract/admin/funding';
import { percentToBps } from '@agentdesk/contract/percent';
import type { Database } from '../../db/database.js';
import { mountEndpoint } from '../../http/route.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { findUserByIdentifier } from '../auth/users.repo.js';
import {
  deactivateFundingAccount,
  fundingRequestCursorExists,
  insertFundingAccount,
  listFundingRequests,
  upsertVirtualAccount,
} from './funding.repo.js';
import type { FundingService } from './funding.service.js';
import { toFundingAccountView, toOperatorFundingRequestView } from './funding-view.js';

export function registerFundingAdminRoutes(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock; funding: FundingService },
): void {
  const { db, clock, funding } = deps;

  mountEndpoint(app, adminListFundingRequests, {}, async ({ query }) => {
    if (query.cursor && !(await fundingRequestCursorExists(db, query.cursor))) throw AppError.unknownCursor();
    const rows = await listFundingRequests(db, query);
    const page = rows.slice(0, query.limit);
    return {
      message: 'OK',
      data: page.map(toOperatorFundingRequestView),
      meta: { nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null },
    };
  });

  mountEndpoint(app, approveFundingRequest, {}, async ({ auth, params }) => {
    const row = await funding.approve(params.id!, auth.user.id);
    return { message: 'Approved: the wallet has been credited', data: toOperatorFundingRequestView(row) };
  });

  mountEndpoint(app, rejectFundingRequest, {}, async ({ auth, params, body }) => {
    const row = await funding.reject(params.id!, auth.user.id, body.reason);
    return { message: 'Rejected', data: toOperatorFundingRequestView(row) };
  });

  mountEndpoint(app, createFundingAccount, {}, async ({ body }) => {
    try {
      const row = await insertFundingAccount(db, {
        bank_name: body.bankName,
        bank_code: body.bankCode,
        account_number: body.accountNumber,
        account_name: body.accountName,
        instructions: body.instructions,
        charge_flat: body.chargeFlat,
        charge_bps: percentToBps(body.chargePercent),
        minimum: body.minimum,
        now: clock.now(),
      });
      return { message: 'Funding account added', data: toFundingAccountView(row) };
    } catch (error) {
      if ((error as { constraint?: string }).constraint === 'funding_accounts_number_key') {
        throw AppError.conflict('accountNumber', 'This account is already listed');
      }
      throw error;
    }
  });

  mountEndpoint(app, disableFundingAccount, {}, async ({ params }) => {
    const row = await deactivateFundingAccount(db, params.id!);
    if (!row) throw new AppError('NOT_FOUND', 'Funding account not found');
    return { message: 'Funding account disabled', data: toFundingAccountView(row) };
  });

  mountEndpoint(app, assignVirtualAccount, {}, async ({ body }) => {
    const user = await findUserByIdentifier(db, { username: body.username });
    if (user?.role !== 'agent') {
      throw new AppError('VALIDATION_FAILED', 'username: No agent has this username', [
        { path: 'username', message: 'No agent has this username' },
      ]);
    }
    try {
      await upsertVirtualAccount(db, {
        user_id: user.id,
        provider: body.provider,
        account_number: body.accountNumber,
        bank_name: body.bankName,
        account_name: body.accountName,
        provider_reference: body.providerReference,
        now: clock.now(),
      });
    } catch (error) {
      const constraint = (error as { constraint?: string }).constraint;
      if (constraint === 'virtual_accounts_number_key')
        throw AppError.conflict('accountNumber', 'This account number belongs to another agent');
      if (constraint === 'virtual_accounts_reference_key')
        throw AppError.conflict('providerReference', 'This reference belongs to another agent');
      throw error;
    }
    return {
      message: 'Virtual account recorded',
      data: { username: user.username, provider: body.provider, accountNumber: body.accountNumber },
    };
  });
}
