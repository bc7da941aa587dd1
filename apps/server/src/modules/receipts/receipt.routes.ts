import type { FastifyInstance } from 'fastify';
import { getReceipt } from '@agentdesk/contract/transactions/receipt';
import { mountEndpoint } from '../../http/route.js';
import type { ReceiptService } from './receipt.service.js';

export function registerReceiptRoutes(app: FastifyInstance, deps: { receipts: ReceiptService }): void {
  mountEndpoint(app, getReceipt, {}, async ({ auth, params }) => ({
    message: 'OK',
    data: await deps.receipts.receipt(auth.user.id, params.id!),
  }));
}
