import { useRef, useState, type ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import type { TOrder, TPurchaseRequest } from '@agentdesk/contract/purchases/purchase';
import { errorMessage } from '../../../lib/http/error-message';
import { usePinStatusQuery, useSetPinMutation } from '../../../lib/pin/transaction-pin-api';
import { useWalletBalanceQuery } from '../../../lib/wallet/wallet-balance-api';
import { useCreatePurchaseMutation } from '../api/create-purchase';
import { attemptFor, type PurchaseAttempt } from '../lib/purchase-attempt';
import { customerPreset } from '../../saved-customers/components/customer-preset';
import type { CustomerPreset } from '../../saved-customers/components/save-customer-dialog';
import { ConfirmPurchaseDialog, type PinEntry } from './confirm-purchase-dialog';
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

const PIN_REFUSALS = new Set(['WRONG_PIN', 'PIN_LOCKED', 'PIN_NOT_SET']);

/** The PIN's refusal (wrong, paused, not chosen, malformed) in words, or null for any other failure. */
export function pinRefusal(error: unknown): string | null {
  const data = (error as { data?: { code?: unknown; errors?: { path: string; message: string }[] } } | null)?.data;
  if (typeof data?.code === 'string' && PIN_REFUSALS.has(data.code)) return errorMessage(error);
  const field = data?.errors?.find((entry) => entry.path === 'pin');
  return field ? field.message : null;
}

/** Whether a failure left the outcome unknown (no answer, or the server broke): then retry the same id. */
export function outcomeUnknown(error: unknown): boolean {
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
  const pinStatus = usePinStatusQuery();
  const [setPin] = useSetPinMutation();
  const [pinError, setPinError] = useState<string | null>(null);
  const [plan, setPlan] = useState<PurchasePlan | null>(null);
  const [paying, setPaying] = useState(false);
  const [retry, setRetry] = useState(false);
  const [order, setOrder] = useState<TOrder | null>(null);
  // Who the last sale was for, offered as a customer to save on its result.
  const [customer, setCustomer] = useState<CustomerPreset | null>(null);
  const attempt = useRef<PurchaseAttempt<PurchaseBody> | null>(null);

  async function pay(current: PurchasePlan, entry: PinEntry) {
    setPaying(true);
    setPinError(null);
    if (entry.choosing) {
      // The first purchase: the PIN the agent chose is set first, then pays.
      try {
        await setPin({ pin: entry.pin }).unwrap();
      } catch (error) {
        setPinError(errorMessage(error));
        setPaying(false);
        return;
      }
    }
    attempt.current = attemptFor(attempt.current, current.body);
    const { requestId, body } = attempt.current;
    try {
      const answer = await createPurchase({ ...body, requestId, pin: entry.pin }).unwrap();
      attempt.current = null;
      setPlan(null);
      setRetry(false);
      setOrder(answer.data);
      setCustomer(customerPreset(body));
      onOrder?.(answer.data);
    } catch (error) {
      const refusal = pinRefusal(error);
      if (refusal !== null) {
        // Not bought this time: the dialog stays open for the PIN (the pause, if any, is shown).
        // The attempt is kept: after a lost answer, the earlier try may have bought, and the
        // next Pay must repeat it (same requestId), never buy again.
        if (!retry) attempt.current = null;
        setPinError(refusal);
        void pinStatus.refetch();
        return;
      }
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
      pinStatus={pinStatus.data?.data ?? null}
      pinError={pinError}
      paying={paying}
      retry={retry}
      onPay={(entry) => void pay(plan, entry)}
      onClose={() => {
        setPlan(null);
        setPinError(null);
      }}
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
