import { dismissGatewayPayment } from '@agentdesk/contract/admin/funding';
import { formatNaira } from '../../lib/money';
import { useDismissGatewayPaymentMutation, type TGatewayPayment } from '../api/gateway-payments';
import type { ActionOutcome } from '../shared/outcome-alert';
import { ReasonDialog } from '../shared/reason-dialog';

/** Setting a payment aside (it was no agent's: refunded outside AgentDesk), with the reason. */
export function DismissPaymentDialog({
  payment,
  onClose,
  onDone,
}: {
  payment: TGatewayPayment;
  onClose: () => void;
  onDone: (outcome: ActionOutcome) => void;
}) {
  const [dismiss] = useDismissGatewayPaymentMutation();

  return (
    <ReasonDialog
      id="dismiss-payment"
      title="Set this payment aside?"
      text={`${formatNaira(payment.amount)}, reference ${payment.reference}, is credited to nobody: do this only when it is no agent’s money (you refunded it outside AgentDesk).`}
      confirm="Set aside"
      schema={dismissGatewayPayment.body!}
      send={async (reason) => {
        await dismiss({ id: payment.id, reason }).unwrap();
        return {
          severity: 'success',
          text: `Set aside: ${formatNaira(payment.amount)}, reference ${payment.reference}. No wallet was credited.`,
        };
      }}
      whenDecided={(message) => ({ severity: 'info', text: `${message}. It was not set aside.` })}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
