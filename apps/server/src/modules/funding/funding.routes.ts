import type { FastifyInstance } from 'fastify';
import { manualFunding } from '@agentdesk/contract/funding/funding-account';
import {
  createFundingRequest,
  getFundingRequest,
  listFundingRequests,
} from '@agentdesk/contract/funding/funding-request';
import type { Database } from '../../db/database.js';
import { mountEndpoint } from '../../http/route.js';
import { AppError } from '../../lib/app-error.js';
import {
  findFundingRequest,
  fundingRequestCursorExists,
  listActiveFundingAccounts,
  listFundingRequests as listRequestRows,
  listVirtualAccounts,
} from './funding.repo.js';
import type { FundingService } from './funding.service.js';
import { toFundingAccountView, toFundingRequestView } from './funding-view.js';

/** A 2 MB proof grows by a third in base64. */
const FUNDING_REQUEST_BODY_LIMIT = 3 * 1024 * 1024;

export function registerFundingRoutes(app: FastifyInstance, deps: { db: Database; funding: FundingService }): void {
  const { db, funding } = deps;

  mountEndpoint(app, manualFunding, {}, async ({ auth }) => {
    const [accounts, virtualAccounts] = await Promise.all([
      listActiveFundingAccounts(db),
      listVirtualAccounts(db, auth.user.id),
    ]);
    return {
      message: 'OK',
      data: {
        accounts: accounts.map(toFundingAccountView),
        virtualAccounts: virtualAccounts.map((account) => ({
          provider: account.provider,
          bankName: account.bank_name,
          accountNumber: account.account_number,
          accountName: account.account_name,
        })),
      },
    };
  });

  mountEndpoint(app, createFundingRequest, { bodyLimit: FUNDING_REQUEST_BODY_LIMIT }, async ({ auth, body }) => {
    const request = await funding.report(auth.user.id, body);
    return {
      message: 'Your transfer has been reported. We will credit your wallet once it is confirmed.',
      data: toFundingRequestView(request),
    };
  });

  mountEndpoint(app, listFundingRequests, {}, async ({ auth, query }) => {
    if (query.cursor && !(await fundingRequestCursorExists(db, query.cursor, auth.user.id))) {
      throw AppError.unknownCursor();
    }
    const rows = await listRequestRows(db, { ...query, userId: auth.user.id });
    const page = rows.slice(0, query.limit);
    return {
      message: 'OK',
      data: page.map(toFundingRequestView),
      meta: { nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null },
    };
  });

  mountEndpoint(app, getFundingRequest, {}, async ({ auth, params }) => {
    const row = await findFundingRequest(db, params.id!, auth.user.id);
    if (!row) throw new AppError('NOT_FOUND', 'Funding request not found');
    return { message: 'OK', data: toFundingRequestView(row) };
  });
}
