import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody } from '@agentdesk/contract/envelope';
import {
  adminFundingProof,
  adminListFundingRequests,
  approveFundingRequest,
  adminListGatewayPayments,
  assignVirtualAccount,
  createFundingAccount,
  creditGatewayPayment,
  disableFundingAccount,
  dismissGatewayPayment,
  rejectFundingRequest,
} from '@agentdesk/contract/admin/funding';
import { percentToBps } from '@agentdesk/contract/percent';
import type { Database } from '../../db/database.js';
import { requireRole } from '../../http/authenticate.js';
import { mountEndpoint, operatorRolesDoc } from '../../http/route.js';
import { AppError } from '../../lib/app-error.js';
import {
  findFundingProof,
  fundingRequestCursorExists,
  gatewayPaymentCursorExists,
  listFundingRequests,
  listGatewayPayments,
} from './funding.repo.js';
import type { FundingService } from './funding.service.js';
import { toFundingAccountView, toGatewayPaymentView, toOperatorFundingRequestView } from './funding-view.js';
import type { GatewayFundingService } from './gateway-funding.service.js';

/**
 * The funding queue, gateway payments that reached no agent, the provider's accounts and
 * agents' virtual accounts, as operators run them.
 */
export function registerFundingAdminRoutes(
  app: FastifyInstance,
  deps: { db: Database; funding: FundingService; gatewayFunding: GatewayFundingService },
): void {
  const { db, funding, gatewayFunding } = deps;

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

  // The proof itself: a file, not the envelope (like the agent's CSV statement), behind the
  // same operator guard and roles; shown inline in the console, never run as a page.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: adminFundingProof.method,
    url: adminFundingProof.path,
    schema: {
      summary: adminFundingProof.summary,
      tags: [...adminFundingProof.tags],
      ...operatorRolesDoc(adminFundingProof),
      params: adminFundingProof.params,
      response: {
        200: {
          description: 'The file as uploaded (PNG, JPEG, WebP or PDF), Content-Disposition: inline',
          content: { 'application/octet-stream': { schema: z.string() } },
        },
        '4xx': ZErrorBody,
        500: ZErrorBody,
      },
      security: [{ bearer: [] }],
    },
    preValidation: [requireRole('operator', adminFundingProof.roles)],
    handler: async (request, reply) => {
      const proof = await findFundingProof(db, request.params.id);
      if (!proof) throw new AppError('NOT_FOUND', 'This transfer has no proof attached');
      const asciiName = proof.name.replace(/[^\w.\- ]/g, '_');
      return (
        reply
          .header('content-type', proof.type)
          .header('content-disposition', `inline; filename="${asciiName}"`)
          .header('cache-control', 'no-store')
          // A PDF or picture opened on its own runs nothing and loads nothing.
          .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
          .send(proof.bytes as never)
      );
    },
  });

  mountEndpoint(app, approveFundingRequest, {}, async ({ actor, params }) => {
    const row = await funding.approve(params.id!, actor);
    return { message: 'Approved: the wallet has been credited', data: toOperatorFundingRequestView(row) };
  });

  mountEndpoint(app, rejectFundingRequest, {}, async ({ actor, params, body }) => {
    const row = await funding.reject(params.id!, actor, body.reason);
    return { message: 'Rejected', data: toOperatorFundingRequestView(row) };
  });

  mountEndpoint(app, createFundingAccount, {}, async ({ actor, body }) => {
    const row = await funding.addAccount(actor, {
      bank_name: body.bankName,
      bank_code: body.bankCode,
      account_number: body.accountNumber,
      account_name: body.accountName,
      instructions: body.instructions,
      charge_flat: body.chargeFlat,
      charge_bps: percentToBps(body.chargePercent),
      minimum: body.minimum,
    });
    return { message: 'Funding account added', data: toFundingAccountView(row) };
  });

  mountEndpoint(app, disableFundingAccount, {}, async ({ actor, params }) => {
    const row = await funding.disableAccount(actor, params.id!);
    return { message: 'Funding account disabled', data: toFundingAccountView(row) };
  });

  mountEndpoint(app, assignVirtualAccount, {}, async ({ actor, body }) => {
    const { username } = await funding.assignVirtualAccount(actor, {
      username: body.username,
      provider: body.provider,
      account_number: body.accountNumber,
      bank_name: body.bankName,
      account_name: body.accountName,
      provider_reference: body.providerReference,
    });
    return {
      message: 'Virtual account recorded',
      data: { username, provider: body.provider, accountNumber: body.accountNumber },
    };
  });

  mountEndpoint(app, adminListGatewayPayments, {}, async ({ query }) => {
    if (query.cursor && !(await gatewayPaymentCursorExists(db, query.cursor))) throw AppError.unknownCursor();
    const rows = await listGatewayPayments(db, query);
    const page = rows.slice(0, query.limit);
    return {
      message: 'OK',
      data: page.map(toGatewayPaymentView),
      meta: { nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null },
    };
  });

  mountEndpoint(app, creditGatewayPayment, {}, async ({ actor, params, body }) => {
    const row = await gatewayFunding.creditToAgent(params.id!, actor, body);
    return { message: 'Credited: the agent’s wallet has the payment', data: toGatewayPaymentView(row) };
  });

  mountEndpoint(app, dismissGatewayPayment, {}, async ({ actor, params, body }) => {
    const row = await gatewayFunding.dismiss(params.id!, actor, body.reason);
    return { message: 'Dismissed', data: toGatewayPaymentView(row) };
  });
}
