import { useEffect, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Print from '@mui/icons-material/Print';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import type { TOrder } from '@agentdesk/contract/purchases/purchase';
import { api } from '../../../lib/http/api';
import { formatNaira } from '../../../lib/money';
import { useGetPurchaseQuery, useGetPurchaseState } from '../api/get-purchase';
import { CopyTextButton } from '../../../components/copy-text-button';
import { formatDateTime } from '../../../components/date-time';
import { statusWord } from '../../../components/status-chip';
import { SaveCustomerButton } from '../../saved-customers/components/save-customer-button';
import type { CustomerPreset } from '../../saved-customers/components/save-customer-dialog';
import { RecheckButton } from './recheck-button';
import { SummaryList, type SummaryLine } from './summary-list';
import './receipt.css';

/** Polls a pending order every 3 s for its first half minute, then backs off to 10 s and 30 s. */
export function pollInterval(ageMs: number): number {
  if (ageMs < 30_000) return 3000;
  if (ageMs < 120_000) return 10_000;
  return 30_000;
}

/** What the customer needs from a delivery, large and easy to copy: a prepaid token, a JAMB PIN. */
function ResultCode(props: {
  label: string;
  testId: string;
  code: string;
  copy: string;
  copyLabel: string;
  children?: ReactNode;
}) {
  return (
    <Box sx={{ mb: 2, p: 2, borderRadius: 1, bgcolor: 'action.hover', textAlign: 'center' }}>
      <Typography variant="body2" color="text.secondary" component="h3">
        {props.label}
      </Typography>
      <Typography
        component="p"
        data-testid={props.testId}
        sx={{
          fontSize: { xs: '1.35rem', sm: '1.75rem' },
          fontWeight: 700,
          letterSpacing: 1,
          fontFamily: 'monospace',
          overflowWrap: 'anywhere',
        }}
      >
        {props.code}
      </Typography>
      {props.children}
      <CopyTextButton text={props.copy} label={props.copyLabel} />
    </Box>
  );
}

/** A prepaid token as printed on receipts: groups of four digits. */
export function groupToken(token: string): string {
  return token.replace(/\s/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * The order, kept live while pending (polling stops once it settles or the screen unmounts);
 * the wallet and history are refetched when it settles, since a failure refunds.
 */
function useLiveOrder(initial: TOrder): TOrder {
  const dispatch = useDispatch();
  const watch = initial.status === 'pending';
  // Read the cached answer first, so polling can stop once it says the order settled.
  const { data, fulfilledTimeStamp } = useGetPurchaseState(initial.requestId, { skip: !watch });
  const order = data?.data ?? initial;
  useGetPurchaseQuery(initial.requestId, {
    skip: !watch,
    pollingInterval:
      order.status === 'pending' ? pollInterval((fulfilledTimeStamp ?? 0) - Date.parse(initial.createdAt)) : 0,
    skipPollingIfUnfocused: false,
  });
  const settledNow = initial.status === 'pending' && order.status !== 'pending';
  useEffect(() => {
    if (settledNow) dispatch(api.util.invalidateTags(['Wallet', 'Transactions']));
  }, [settledNow, dispatch]);
  return order;
}

const SEVERITY = { delivered: 'success', pending: 'info', failed: 'error' } as const;

/** What became of a purchase: its status and message, the token or PIN(s), and a printable receipt. */
export function OrderResult({
  order: initial,
  customer = null,
  onNew,
}: {
  order: TOrder;
  /** Who the sale was for, offered to save (not for a failed sale, nor for exam PINs). */
  customer?: CustomerPreset | null;
  onNew: () => void;
}) {
  const order = useLiveOrder(initial);
  const { token, units, customerName, customerAddress, cards, pin } = order.result;
  const severity = SEVERITY[order.status];
  const details: SummaryLine[] = [
    ['Product', order.productName],
    // A JAMB PIN is sold to the candidate's profile ID.
    [order.serviceId === 'jamb' ? 'Profile ID' : 'Recipient', order.recipient],
    ...(customerName ? [['Customer', customerName] as const] : []),
    ...(customerAddress ? [['Address', customerAddress] as const] : []),
    ...(order.quantity > 1 ? [['Quantity', String(order.quantity)] as const] : []),
    ['Face value', formatNaira(order.faceValue)],
    ['Price paid', formatNaira(order.price)],
    // The client's id for this sale (what GET /purchases/:requestId takes); the receipt shows
    // the transaction's own reference.
    ['Request ID', order.requestId],
    ['Date', formatDateTime(order.createdAt)],
  ];
  return (
    <Box className="purchase-receipt" component="section" aria-labelledby="order-status">
      <Alert
        severity={severity}
        icon={order.status === 'pending' ? <CircularProgress size={20} aria-hidden="true" /> : undefined}
        sx={{ mb: 2 }}
        role="status"
      >
        <Typography id="order-status" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {statusWord(order.status)}
        </Typography>
        {/* The upstream's own message ("TRANSACTION SUCCESSFUL") is not the agent's status word. */}
        {order.status === 'pending' && (
          <Typography variant="body2">Checking with the provider… this page updates by itself.</Typography>
        )}
        {order.status === 'failed' && order.refundTransactionId && (
          <Typography variant="body2">{formatNaira(order.price)} has been refunded to your wallet.</Typography>
        )}
      </Alert>

      {token && (
        <ResultCode
          label="Token"
          testId="token"
          code={groupToken(token)}
          copy={token.replace(/\s/g, '')}
          copyLabel="token"
        >
          {units && <Typography variant="body1">Units: {units}</Typography>}
        </ResultCode>
      )}

      {pin && <ResultCode label="PIN" testId="pin" code={pin} copy={pin} copyLabel="PIN" />}

      {cards.length > 0 && (
        <Box sx={{ mb: 2 }}>
          {/* Serial and PIN stacked in one cell, the copy button beside them: at 360 px three
              columns of long numbers cannot fit, and a squeezed button reads "⧉ C". */}
          <Box
            component="table"
            sx={{
              width: '100%',
              tableLayout: 'fixed',
              borderCollapse: 'collapse',
              '& th, & td': {
                textAlign: 'left',
                verticalAlign: 'middle',
                p: 0.75,
                borderBottom: 1,
                borderColor: 'divider',
              },
              '& td': { overflowWrap: 'anywhere' },
            }}
          >
            <caption style={{ textAlign: 'left', captionSide: 'top' }}>
              {cards.length === 1 ? 'PIN' : `${cards.length} PINs`}
            </caption>
            <thead>
              <tr>
                <th scope="col">Serial and PIN</th>
                <th scope="col" className="no-print" style={{ width: '8.5rem' }}>
                  <span
                    style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
                  >
                    Copy
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {cards.map((card, index) => (
                <tr key={`${card.serial}-${index}`}>
                  <td>
                    <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.875rem' }}>
                      Serial{' '}
                      <Box component="span" sx={{ fontFamily: 'monospace' }}>
                        {card.serial}
                      </Box>
                    </Box>
                    <Box component="span" sx={{ display: 'block' }}>
                      PIN{' '}
                      <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>
                        {card.pin}
                      </Box>
                    </Box>
                  </td>
                  <td className="no-print">
                    <CopyTextButton text={`Serial ${card.serial} PIN ${card.pin}`} label={`PIN ${index + 1}`} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Box>
          {cards.length > 1 && (
            <CopyTextButton
              text={cards.map((card) => `Serial ${card.serial} PIN ${card.pin}`).join('\n')}
              label="all PINs"
            />
          )}
        </Box>
      )}

      <SummaryList lines={details} />

      <Stack direction="row" className="no-print" sx={{ mt: 3, gap: 1, flexWrap: 'wrap' }}>
        {order.status === 'pending' && <RecheckButton requestId={order.requestId} />}
        <Button variant="outlined" startIcon={<Print aria-hidden="true" />} onClick={() => window.print()}>
          Print receipt
        </Button>
        {customer && order.status !== 'failed' && <SaveCustomerButton preset={customer} />}
        {order.transactionId && (
          <Button
            component={RouterLink}
            to={`/user/transactions/${encodeURIComponent(order.transactionId)}/receipt`}
            variant="outlined"
            startIcon={<ReceiptLong aria-hidden="true" />}
          >
            Share receipt
          </Button>
        )}
        <Button variant="contained" onClick={onNew}>
          New purchase
        </Button>
      </Stack>
    </Box>
  );
}
