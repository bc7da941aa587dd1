import { displayNaira } from '@agentdesk/contract/money';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { postWalletMovement } from '../ledger/wallet-movement.js';
import { insertNotification } from '../notifications/notifications.repo.js';
import { payFirstFundingBonus } from '../referrals/referral-bonus.js';
import { findVirtualAccountOwner, insertGatewayEvent, setGatewayEventTransaction } from './funding.repo.js';
import type { Gateway, GatewayPayment } from './gateway-events.js';

export type GatewayOutcome = 'credited' | 'duplicate' | 'unmatched';

/**
 * Credits a verified gateway payment to the agent whose virtual account received it,
 * exactly once per gateway reference however often it is delivered: the event row and the
 * ledger entry both carry the reference as a unique key, in one transaction.
 */
export function createGatewayFundingService(deps: { db: Database; clock: Clock }) {
  return {
    async credit(gateway: Gateway, payment: GatewayPayment, payload: unknown): Promise<GatewayOutcome> {
      return deps.db.transaction(async (tx) => {
        const now = deps.clock.now();
        const userId = await findVirtualAccountOwner(tx, gateway, {
          reference: payment.customerReference,
          accountNumber: payment.accountNumber,
        });
        const eventId = await insertGatewayEvent(tx, {
          provider: gateway,
          reference: payment.reference,
          userId: userId ?? null,
          amount: payment.amount,
          outcome: userId ? 'credited' : 'unmatched',
          payload,
          now,
        });
        if (!eventId) return 'duplicate';
        if (!userId) return 'unmatched';
        const transaction = await postWalletMovement(tx, {
          userId,
          direction: 'credit',
          amount: payment.amount,
          counterpart: 'gateway_clearing',
          idempotencyKey: `${gateway}:${payment.reference}`,
          type: 'funding',
          name: 'Wallet funding',
          description: `Transfer to your ${gateway === 'paystack' ? 'Paystack' : 'Monnify'} account (${payment.reference})`,
          service: gateway,
          details: { gatewayReference: payment.reference },
          now,
        });
        if (!transaction) return 'duplicate';
        await setGatewayEventTransaction(tx, eventId, transaction.id);
        await insertNotification(tx, {
          userId,
          kind: 'funding',
          title: 'Wallet funded',
          body: `${displayNaira(payment.amount)} from your bank transfer is now in your wallet.`,
          now,
        });
        await payFirstFundingBonus(tx, userId, now);
        return 'credited';
      });
    },
  };
}
