import { useRef, useState, type ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import type { TOrder, TPurchaseRequest } from '@agentdesk/contract/purchases/purchase';
import { errorMessage } from '../../../lib/http/error-message';
import { useWalletBalanceQuery } from '../../../lib/wallet/wallet-balance-api';
import { useCreatePurchaseMutation } from '../api/create-purchase';
import { attemptFor, type PurchaseAttempt } from '../lib/purchase-attempt';
import { customerPreset } from '../../saved-customers/components/customer-preset';
import type { CustomerPreset } from '../../saved-customers/components/save-customer-dialog';
import { ConfirmPurchaseDialog } from './confirm-purchase-dialog';
import { OrderResult } from './order-result';
import type { SummaryLine } from './summary-list';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A purchase as a screen builds it; the requestId is added when the agent confirms. */
export type PurchaseBody = DistributiveOmit<TPurchaseRequest, 'requestId'>;

export interface PurchasePlan {
  body: PurchaseBody;
  /** What the confirmation lists above the money lines. */
  lines: readonly SummaryLine[];
  faceValue: string;
  price: string;
}

/** Whether a failure left the outcome unknown (no answer, or the server broke): then retry the same id. */
function outcomeUnknown(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status !== 'number' || status >= 500;
}

/**
 * The confirm → pay → result flow every purchase screen shares. `review(plan)` opens the
 * confirmation; paying sends the plan with a requestId made once per purchase and reused by
 * every retry of it, so a lost answer never buys twice.
 */
export function usePurchase({ onOrder }: { onOrder?: (order: TOrder) => void } = {}) {
  // While the balance is being asked again, the dialog shows no figure rather than an old one.
  const wallet = useWalletBalanceQuery();
  const balance = wallet.isFetching ? null : (wallet.data?.data.availableBalance ?? null);
  const [createPurchase] = useCreatePurchaseMutation();
  const [plan, setPlan] = useState<PurchasePlan | null>(null);
  const [paying, setPaying] = useState(false);
  const [retry, setRetry] = useState(false);
  const [order, setOrder] = useState<TOrder | null>(null);
  // Who the last sale was for, offered as a customer to save on its result.
  const [customer, setCustomer] = useState<CustomerPreset | null>(null);
  const attempt = useRef<PurchaseAttempt<PurchaseBody> | null>(null);

  async function pay(current: PurchasePlan) {
    attempt.current = attemptFor(attempt.current, current.body);
    const { requestId, body } = attempt.current;
    setPaying(true);
    try {
      const answer = await createPurchase({ ...body, requestId }).unwrap();
      attempt.current = null;
      setPlan(null);
      setRetry(false);
      setOrder(answer.data);
      setCustomer(customerPreset(body));
      onOrder?.(answer.data);
    } catch (error) {
      toast.error(errorMessage(error));
      if (outcomeUnknown(error)) {
        setRetry(true);
      } else {
        // The server refused it (short balance, a field): nothing was bought.
        attempt.current = null;
        setRetry(false);
        setPlan(null);
      }
    } finally {
      setPaying(false);
    }
  }

  const dialog: ReactNode = plan && (
    <ConfirmPurchaseDialog
      lines={plan.lines}
      faceValue={plan.faceValue}
      price={plan.price}
      balance={balance}
      paying={paying}
      retry={retry}
      onPay={() => void pay(plan)}
      onClose={() => setPlan(null)}
    />
  );

  const result: ReactNode = order && (
    <OrderResult key={order.requestId} order={order} customer={customer} onNew={() => setOrder(null)} />
  );

  return {
    review: (next: PurchasePlan) => {
      setRetry(attempt.current !== null && JSON.stringify(attempt.current.body) === JSON.stringify(next.body));
      setPlan(next);
      // The balance may have moved since the screen loaded (a transfer credited, a sale through
      // the API): the dialog judges "short" on the figure of now.
      void wallet.refetch();
    },
    dialog,
    result,
  };
}
