import type { FastifyInstance } from 'fastify';
import { createBankAccount } from '@agentdesk/contract/banks/create-bank-account';
import { deleteBankAccount } from '@agentdesk/contract/banks/delete-bank-account';
import { getBankAccount } from '@agentdesk/contract/banks/get-bank-account';
import { listBankAccounts } from '@agentdesk/contract/banks/list-bank-accounts';
import { listBanks } from '@agentdesk/contract/banks/list-banks';
import { NIGERIAN_BANKS } from '@agentdesk/contract/banks/nigerian-banks';
import { resolveAccountName } from '@agentdesk/contract/banks/resolve-account-name';
import { limit } from '../../http/rate-limits.js';
import { mountEndpoint } from '../../http/route.js';
import type { BanksService } from './banks.service.js';

const BANKS_BY_NAME = [...NIGERIAN_BANKS].sort((a, b) => a.name.localeCompare(b.name, 'en'));

export function registerBankRoutes(app: FastifyInstance, deps: { banks: BanksService }): void {
  const { banks } = deps;
  // Name enquiry reveals who holds an account and costs money at a real bank: counted per agent.
  const nameEnquiries = limit(app, {
    name: 'bank-name-enquiry',
    max: 30,
    windowMs: 15 * 60_000,
    key: (request) => request.auth?.user.id ?? '',
  });

  mountEndpoint(app, listBanks, {}, async () => ({ message: 'OK', data: BANKS_BY_NAME }));

  mountEndpoint(app, listBankAccounts, {}, async ({ auth }) => ({
    message: 'OK',
    data: await banks.list(auth.user.id),
  }));

  mountEndpoint(app, resolveAccountName, { preHandler: [nameEnquiries] }, async ({ query }) => ({
    message: 'OK',
    data: await banks.resolve(query.bankCode, query.accountNumber),
  }));

  mountEndpoint(app, createBankAccount, { preHandler: [nameEnquiries] }, async ({ auth, body }) => ({
    message: 'Bank account added',
    data: await banks.create(auth.user.id, body),
  }));

  mountEndpoint(app, getBankAccount, {}, async ({ auth, params }) => ({
    message: 'OK',
    data: await banks.get(auth.user.id, params.id!),
  }));

  mountEndpoint(app, deleteBankAccount, {}, async ({ auth, params }) => {
    await banks.remove(auth.user.id, params.id!);
    return { message: 'Bank account removed', data: null };
  });
}
