import type { TAgentDetail, TAgentSummary, TWalletAdjustment } from '@agentdesk/contract/admin/agents';
import { formatNaira } from '@agentdesk/contract/money';
import type { AdjustmentRow, AgentApiKeyRow, AgentDetailRow, AgentListRow } from './agents-admin.repo.js';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export function toAgentSummary(row: AgentListRow): TAgentSummary {
  return {
    id: row.id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    status: row.suspended_at ? 'suspended' : 'active',
    balance: formatNaira(BigInt(row.balance)),
    createdAt: iso(row.created_at)!,
    lastSaleAt: iso(row.last_sale_at),
    kycStatus: row.kyc_status,
  };
}

export function toAgentDetail(row: AgentDetailRow, keys: AgentApiKeyRow[]): TAgentDetail {
  return {
    ...toAgentSummary(row),
    referralCode: row.referral_code,
    suspendedAt: iso(row.suspended_at),
    suspensionReason: row.suspension_reason,
    counts: { orders: row.orders, fundings: row.fundings },
    apiKeys: keys.map((key) => ({
      id: key.id,
      name: key.name,
      prefix: key.prefix,
      createdAt: iso(key.created_at)!,
      lastUsedAt: iso(key.last_used_at),
      status: key.revoked_at ? 'revoked' : 'active',
    })),
    webhook:
      row.webhook_enabled === null
        ? null
        : {
            url: row.webhook_url,
            enabled: row.webhook_enabled,
            pendingDeliveries: row.webhook_pending,
            failedDeliveries: row.webhook_failed,
          },
    referrer: row.referrer_id ? { id: row.referrer_id, username: row.referrer_username! } : null,
    referralCount: row.referral_count,
    priceLevel: { id: row.price_level_id, name: row.price_level_name },
  };
}

export function toAdjustmentView(row: AdjustmentRow): TWalletAdjustment {
  const naira = (kobo: bigint | null) => (kobo === null ? null : formatNaira(BigInt(kobo)));
  return {
    id: row.id,
    agentId: row.agent_id,
    direction: row.direction,
    amount: formatNaira(BigInt(row.amount)),
    reason: row.reason,
    status: row.status,
    requestedBy: { id: row.requested_by, username: row.requested_by_username },
    decidedBy: row.decided_by ? { id: row.decided_by, username: row.decided_by_username! } : null,
    decidedAt: iso(row.decided_at),
    decisionReason: row.decision_reason,
    transactionId: row.transaction_id,
    balanceBefore: naira(row.balance_before),
    balanceAfter: naira(row.balance_after),
    createdAt: iso(row.created_at)!,
  };
}
