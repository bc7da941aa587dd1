import {
  adminListFundingRequests,
  approveFundingRequest,
  assignVirtualAccount,
  createFundingAccount,
  disableFundingAccount,
  rejectFundingRequest,
} from '@agentdesk/contract/admin/funding';
import { checkLedger } from '@agentdesk/contract/admin/ledger';
import type { TFundingRequest } from '@agentdesk/contract/funding/funding-request';
import { CommandFailed, requireFlag, UsageError, type AdminCommand, type AdminIo } from '../command.js';

type Listed = TFundingRequest & { agent: { username: string } };

function printRequest(io: AdminIo, request: Listed): void {
  io.out(
    `${request.id}  ${request.status.padEnd(8)}  ${request.agent.username.padEnd(16)}  ₦${request.amount} (credit ₦${request.creditAmount})` +
      `  ref ${request.reference}  sent ${request.transferDate} by ${request.senderName}${request.proof ? '  [proof]' : ''}` +
      (request.rejectReason ? `  reason: ${request.rejectReason}` : ''),
  );
}

export const fundingCommands: AdminCommand[] = [
  {
    name: 'funding list',
    summary: 'List reported transfers, oldest first',
    usage: '[--status pending|approved|rejected, default pending] [--limit 1-100]',
    options: ['status', 'limit'],
    async run({ flags, io, call }) {
      const status = flags.status ?? 'pending';
      if (status !== 'pending' && status !== 'approved' && status !== 'rejected')
        throw new UsageError('--status is pending, approved or rejected');
      const { data, meta } = await call(adminListFundingRequests, {
        query: { status, limit: flags.limit ? Number(flags.limit) : 50 },
      });
      if (data.length === 0) io.out(`No ${status} funding requests.`);
      for (const request of data) printRequest(io, request);
      if (meta?.nextCursor) io.out('(more: raise --limit)');
    },
  },
  {
    name: 'funding approve',
    summary: 'Credit the wallet for a reported transfer (once)',
    usage: '--id <request id>',
    options: ['id'],
    async run({ flags, io, call }) {
      const { message, data } = await call(approveFundingRequest, { params: { id: requireFlag(flags, 'id') } });
      io.out(message);
      printRequest(io, data);
    },
  },
  {
    name: 'funding reject',
    summary: 'Refuse a reported transfer; the agent sees the reason',
    usage: '--id <request id> --reason <text>',
    options: ['id', 'reason'],
    async run({ flags, io, call }) {
      const { message, data } = await call(rejectFundingRequest, {
        params: { id: requireFlag(flags, 'id') },
        body: { reason: requireFlag(flags, 'reason') },
      });
      io.out(message);
      printRequest(io, data);
    },
  },
  {
    name: 'funding-account add',
    summary: 'Offer a provider bank account for agents to transfer to',
    usage:
      '--bank-name --bank-code --account-number --account-name [--instructions] [--charge-flat naira] [--charge-percent 1.5] [--minimum naira]',
    options: [
      'bank-name',
      'bank-code',
      'account-number',
      'account-name',
      'instructions',
      'charge-flat',
      'charge-percent',
      'minimum',
    ],
    async run({ flags, io, call }) {
      const { data } = await call(createFundingAccount, {
        body: {
          bankName: flags['bank-name'] ?? '',
          bankCode: flags['bank-code'] ?? '',
          accountNumber: flags['account-number'] ?? '',
          accountName: flags['account-name'] ?? '',
          ...(flags.instructions ? { instructions: flags.instructions } : {}),
          ...(flags['charge-flat'] ? { chargeFlat: flags['charge-flat'] } : {}),
          ...(flags['charge-percent'] ? { chargePercent: flags['charge-percent'] } : {}),
          ...(flags.minimum ? { minimum: flags.minimum } : {}),
        },
      });
      io.out(`Added ${data.bankName} ${data.accountNumber} (${data.accountName}), id ${data.id}.`);
    },
  },
  {
    name: 'funding-account disable',
    summary: 'Stop offering a provider bank account',
    usage: '--id <account id>',
    options: ['id'],
    async run({ flags, io, call }) {
      const { data } = await call(disableFundingAccount, { params: { id: requireFlag(flags, 'id') } });
      io.out(`Disabled ${data.bankName} ${data.accountNumber}.`);
    },
  },
  {
    name: 'virtual-account set',
    summary: "Record an agent's Paystack or Monnify virtual account",
    usage: '--username --provider paystack|monnify --account-number --bank-name --account-name --provider-reference',
    options: ['username', 'provider', 'account-number', 'bank-name', 'account-name', 'provider-reference'],
    async run({ flags, io, call }) {
      const provider = requireFlag(flags, 'provider');
      if (provider !== 'paystack' && provider !== 'monnify') throw new UsageError('--provider is paystack or monnify');
      const { data } = await call(assignVirtualAccount, {
        body: {
          username: flags.username ?? '',
          provider,
          accountNumber: flags['account-number'] ?? '',
          bankName: flags['bank-name'] ?? '',
          accountName: flags['account-name'] ?? '',
          providerReference: flags['provider-reference'] ?? '',
        },
      });
      io.out(`${data.username}: ${data.provider} account ${data.accountNumber} recorded.`);
    },
  },
  {
    name: 'ledger-check',
    summary: 'Verify every ledger invariant; exits 1 on any violation',
    async run({ io, call }) {
      const { message, data } = await call(checkLedger);
      io.out(message);
      for (const violation of data.violations) io.err(`  ${violation.rule}: ${violation.detail}`);
      if (!data.ok) throw new CommandFailed(message);
    },
  },
];
