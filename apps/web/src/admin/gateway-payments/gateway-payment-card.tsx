import type { ReactNode } from 'react';
import { creditGatewayPayment } from '@agentdesk/contract/admin/funding';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DateTime } from '../../components/date-time';
import { formatNaira } from '../../lib/money';
import type { TGatewayPayment } from '../api/gateway-payments';
import { useOperatorMay } from '../session/use-operator-may';

const GATEWAY_NAMES: Record<TGatewayPayment['gateway'], string> = { monnify: 'Monnify', paystack: 'Paystack' };

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

/**
 * One gateway payment: what the gateway said of it, what became of it, and for an unmatched
 * one the two ways to resolve it (credit it to an agent, or set it aside), to roles that may.
 */
export function GatewayPaymentCard({
  payment,
  onCredit,
  onDismiss,
}: {
  payment: TGatewayPayment;
  onCredit: () => void;
  onDismiss: () => void;
}) {
  // Crediting and setting aside share their roles (finance and the owner).
  const mayResolve = useOperatorMay(creditGatewayPayment);
  const titleId = `gateway-payment-${payment.id}-title`;
  return (
    <Paper component="article" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {formatNaira(payment.amount)} through {GATEWAY_NAMES[payment.gateway]}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {payment.payerName ? `From ${payment.payerName}` : 'Payer not named by the gateway'}
          </Typography>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, m: 0 }}
          >
            <Detail term="Reference">{payment.reference}</Detail>
            <Detail term="Paid into">{payment.accountNumber ?? 'Not given'}</Detail>
            {payment.customerReference && <Detail term="Customer">{payment.customerReference}</Detail>}
            <Detail term="Received">
              <DateTime value={payment.receivedAt} />
            </Detail>
            {payment.status === 'credited' && payment.agent && (
              <Detail term="Credited to">{payment.agent.username}</Detail>
            )}
            {payment.resolvedBy && (
              <Detail term={payment.status === 'credited' ? 'Credited by' : 'Set aside by'}>
                {payment.resolvedBy.username}
                {payment.resolvedAt && (
                  <>
                    , <DateTime value={payment.resolvedAt} />
                  </>
                )}
              </Detail>
            )}
            {payment.reason && <Detail term="Reason">{payment.reason}</Detail>}
            {payment.verifyNote && <Detail term="Gateway says">{payment.verifyNote}</Detail>}
            {payment.fee && Number(payment.fee) > 0 && <Detail term="Fee kept">{formatNaira(payment.fee)}</Detail>}
          </Box>
        </Box>
        {payment.status === 'unmatched' && mayResolve && (
          <Stack direction={{ xs: 'row', md: 'column' }} spacing={1} sx={{ flexShrink: 0, alignItems: 'stretch' }}>
            <Button variant="contained" onClick={onCredit}>
              Credit to an agent
            </Button>
            <Button variant="outlined" color="error" onClick={onDismiss}>
              Set aside
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
