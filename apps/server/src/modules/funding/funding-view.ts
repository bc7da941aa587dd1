import type { TGatewayPayment } from '@agentdesk/contract/admin/funding';
import type { TFundingAccount } from '@agentdesk/contract/funding/funding-account';
import type { TFundingRequest } from '@agentdesk/contract/funding/funding-request';
import { formatNaira } from '@agentdesk/contract/money';
import type { FundingAccountRow, FundingRequestRow, GatewayPaymentRow } from './funding.repo.js';
import { readPaymentParties } from './gateway-events.js';

export function toFundingAccountView(row: FundingAccountRow): TFundingAccount {
  return {
    id: row.id,
    bankName: row.bank_name,
    bankCode: row.bank_code,
    accountNumber: row.account_number,
    accountName: row.account_name,
    instructions: row.instructions,
    charge: { flat: formatNaira(row.charge_flat), percent: (row.charge_bps / 100).toFixed(2) },
    minimum: formatNaira(row.minimum),
  };
}

export function toFundingRequestView(row: FundingRequestRow): TFundingRequest {
  return {
    id: row.id,
    amount: formatNaira(row.amount),
    charge: formatNaira(row.charge),
    creditAmount: formatNaira(row.amount - row.charge),
    account: {
      id: row.account.id,
      bankName: row.account.bank_name,
      accountNumber: row.account.account_number,
      accountName: row.account.account_name,
    },
    senderName: row.sender_name,
    reference: row.reference,
    transferDate: row.transfer_date,
    status: row.status,
    rejectReason: row.reject_reason,
    proof:
      row.proof_name && row.proof_type
        ? { fileName: row.proof_name, contentType: row.proof_type as 'application/pdf', size: row.proof_size ?? 0 }
        : null,
    transactionId: row.transaction_id,
    createdAt: new Date(row.created_at).toISOString(),
    reviewedAt: row.reviewed_at ? new Date(row.reviewed_at).toISOString() : null,
  };
}

export function toOperatorFundingRequestView(row: FundingRequestRow) {
  return {
    ...toFundingRequestView(row),
    agent: {
      id: row.agent.id,
      username: row.agent.username,
      firstName: row.agent.first_name,
      lastName: row.agent.last_name,
    },
  };
}

/** The charge on a transfer: flat plus basis points of the amount, rounded down to the kobo. */
export function fundingCharge(account: Pick<FundingAccountRow, 'charge_flat' | 'charge_bps'>, amount: bigint): bigint {
  return account.charge_flat + (amount * BigInt(account.charge_bps)) / 10_000n;
}

export function toGatewayPaymentView(row: GatewayPaymentRow): TGatewayPayment {
  return {
    id: row.id,
    gateway: row.provider,
    reference: row.reference,
    amount: formatNaira(row.amount ?? 0n),
    ...readPaymentParties(row.provider, row.payload),
    receivedAt: row.received_at.toISOString(),
    // `ignored` events are not payments and are never listed.
    status: row.outcome === 'ignored' ? 'unmatched' : row.outcome,
    agent: row.agent,
    transactionId: row.transaction_id,
    resolvedBy: row.resolver,
    resolvedAt: row.resolved_at?.toISOString() ?? null,
    reason: row.resolve_reason,
    verifyNote: row.verify_note,
    fee: row.fee === null ? null : formatNaira(row.fee),
  };
}
