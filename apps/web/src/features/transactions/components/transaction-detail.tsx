import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import type { TTransaction } from '@agentdesk/contract/transactions/transaction';
import { CopyButton } from '../../../components/copy-button';
import { formatDateTime } from '../../../components/date-time';
import { StatusChip } from '../../../components/status-chip';
import { formatNaira } from '../../../lib/money';
import { RecheckButton } from '../../services/components/recheck-button';
import { TYPE_LABELS } from './transaction-filter';
import { signedAmount } from './transaction-row';

interface Card {
  serial?: unknown;
  pin?: unknown;
}

function text(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value;
  if (typeof value === 'number') return String(value);
  return null;
}

/** The PINs of an exam voucher purchase, when the details carry them. */
function cardsOf(details: TTransaction['details']): { serial: string; pin: string }[] {
  if (!Array.isArray(details.cards)) return [];
  return (details.cards as Card[])
    .map((card) => ({ serial: text(card.serial) ?? '', pin: text(card.pin) ?? '' }))
    .filter((card) => card.pin);
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', fontWeight: 500 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Spec: the detail panel opens on row selection and closes via its icon. */
export function TransactionDetail({ transaction, onClose }: { transaction: TTransaction | null; onClose: () => void }) {
  return (
    <Drawer
      anchor="right"
      open={transaction !== null}
      onClose={onClose}
      // Above the fixed top bar (drawer + 1), so its close icon is never covered on a phone.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': 'transaction-detail-title',
          sx: { width: { xs: '100%', sm: 420 } },
        },
      }}
    >
      {transaction && <DetailBody transaction={transaction} onClose={onClose} />}
    </Drawer>
  );
}

function DetailBody({ transaction, onClose }: { transaction: TTransaction; onClose: () => void }) {
  const { details } = transaction;
  const token = text(details.token);
  const units = text(details.units);
  const customerName = text(details.customerName);
  const customerAddress = text(details.customerAddress);
  const charge = text(details.charge);
  const cards = cardsOf(details);
  // A PIN sold without a serial (JAMB's).
  const pin = text(details.pin);
  // A pending purchase can be re-checked with the provider (issue 23), by its requestId.
  const requestId = transaction.transactionType === 'purchase' ? text(details.requestId) : null;
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography id="transaction-detail-title" variant="h6" component="h2">
          Transaction details
        </Typography>
        <IconButton aria-label="Close details" onClick={onClose}>
          <Close />
        </IconButton>
      </Stack>
      <Stack spacing={0.5} sx={{ alignItems: 'center', textAlign: 'center', mb: 3 }}>
        <Typography variant="body1" sx={{ fontWeight: 600 }}>
          {transaction.name}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
          {signedAmount(transaction)}
        </Typography>
        <StatusChip status={transaction.status} />
        {transaction.status === 'pending' && requestId && <RecheckButton requestId={requestId} size="small" />}
        <Button
          component={RouterLink}
          to={`/user/transactions/${encodeURIComponent(transaction.id)}/receipt`}
          size="small"
          startIcon={<ReceiptLong aria-hidden="true" />}
        >
          View receipt
        </Button>
      </Stack>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '130px 1fr', gap: 1.5, m: 0 }}>
        <Row label="Reference">
          <Stack direction="row" component="span" sx={{ alignItems: 'center', gap: 0.5 }}>
            <span>{transaction.ref}</span>
            <CopyButton value={transaction.ref} label="Copy reference" />
          </Stack>
        </Row>
        <Row label="Description">{transaction.description}</Row>
        <Row label="Type">{TYPE_LABELS[transaction.transactionType]}</Row>
        {/* No "Service" row: it was the catalogue's id ("jamb", "ikeja-electric"); the product's
            name heads the panel. */}
        {transaction.recipient && <Row label="Recipient">{transaction.recipient}</Row>}
        {customerName && <Row label="Customer name">{customerName}</Row>}
        {customerAddress && <Row label="Customer address">{customerAddress}</Row>}
        {charge && <Row label="Charge">{formatNaira(charge)}</Row>}
        <Row label="Balance before">{formatNaira(details.balance.before)}</Row>
        <Row label="Balance after">{formatNaira(details.balance.after)}</Row>
        <Row label="Date">{formatDateTime(transaction.createdAt)}</Row>
        {transaction.updatedAt !== transaction.createdAt && (
          <Row label="Updated">{formatDateTime(transaction.updatedAt)}</Row>
        )}
        {token && (
          <Row label="Token">
            <CopyableCode value={token} label="Copy token" />
          </Row>
        )}
        {units && <Row label="Units">{units}</Row>}
        {pin && (
          <Row label="PIN">
            <CopyableCode value={pin} label="Copy PIN" />
          </Row>
        )}
      </Box>
      {cards.length > 0 && (
        <Box sx={{ mt: 3 }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            PINs
          </Typography>
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {cards.map((card, index) => (
              <Stack
                component="li"
                key={`${card.serial}-${index}`}
                direction="row"
                sx={{ alignItems: 'center', gap: 1 }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontFamily: 'monospace' }}>{card.pin}</Typography>
                  {card.serial && (
                    <Typography variant="caption" color="text.secondary">
                      Serial {card.serial}
                    </Typography>
                  )}
                </Box>
                <CopyButton value={card.pin} label={`Copy PIN ${index + 1}`} />
              </Stack>
            ))}
          </Stack>
        </Box>
      )}
    </Box>
  );
}

/** A token or PIN in the detail panel, with its copy button. */
function CopyableCode({ value, label }: { value: string; label: string }) {
  return (
    <Stack direction="row" component="span" sx={{ alignItems: 'center', gap: 0.5 }}>
      <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '1rem' }}>
        {value}
      </Box>
      <CopyButton value={value} label={label} />
    </Stack>
  );
}
