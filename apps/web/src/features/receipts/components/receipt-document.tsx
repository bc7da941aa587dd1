import type { ReactNode, Ref } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TReceipt } from '@agentdesk/contract/transactions/receipt';
import { BrandLogo } from '../../../components/brand-logo';
import { formatNaira } from '../../../lib/money';
import { groupToken, receiptHeading, receiptLines, statusWord } from '../lib/receipt-lines';
import './receipt.css';

const STATUS_COLOURS: Record<TReceipt['status'], string> = {
  success: 'success.dark',
  pending: 'warning.dark',
  failed: 'error.dark',
  reversed: 'info.dark',
};

/**
 * The receipt itself: what is printed and what the image shows, nothing else (the buttons sit
 * outside it). Plain colours and real text, so it prints black on white and reads on a
 * thermal slip as on A4.
 */
export function ReceiptDocument({ receipt, ref }: { receipt: TReceipt; ref?: Ref<HTMLElement> }) {
  const headingId = `receipt-${receipt.transactionId}-heading`;
  const shownAmount =
    receipt.transactionType === 'purchase' && receipt.faceValue !== null ? receipt.faceValue : receipt.amount;
  return (
    <Box
      component="article"
      ref={ref}
      className="receipt-document"
      aria-labelledby={headingId}
      sx={{
        bgcolor: '#fff',
        color: '#111',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        p: { xs: 2, sm: 3 },
        width: '100%',
        maxWidth: 440,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <BrandLogo color="primary" aria-hidden="true" className="receipt-logo" />
        <Typography component="p" sx={{ fontWeight: 700, fontSize: '1.15rem' }} data-testid="receipt-brand">
          {receipt.brandName}
        </Typography>
      </Box>
      <Typography id={headingId} variant="subtitle2" component="h2" sx={{ color: '#444', mb: 2 }}>
        {receiptHeading(receipt)}
      </Typography>

      <Box sx={{ textAlign: 'center', py: 1.5, borderTop: '1px dashed #999', borderBottom: '1px dashed #999' }}>
        <Typography component="p" sx={{ fontWeight: 600 }}>
          {receipt.title}
        </Typography>
        <Typography component="p" sx={{ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.3 }}>
          {formatNaira(shownAmount)}
        </Typography>
        <Typography
          component="p"
          className="receipt-status"
          sx={{ fontWeight: 600, color: STATUS_COLOURS[receipt.status] }}
        >
          {statusWord(receipt.status)}
        </Typography>
      </Box>

      {receipt.token && (
        <ReceiptCode label="Token" testId="receipt-token" code={groupToken(receipt.token)}>
          {receipt.units && (
            <Typography component="p" sx={{ fontWeight: 600 }}>
              Units: {receipt.units}
            </Typography>
          )}
        </ReceiptCode>
      )}

      {receipt.pin && <ReceiptCode label="PIN" testId="receipt-pin" code={receipt.pin} />}

      {receipt.cards.length > 0 && (
        <Box
          component="table"
          className="receipt-pins"
          sx={{
            width: '100%',
            my: 2,
            borderCollapse: 'collapse',
            '& th, & td': { textAlign: 'left', py: 0.75, px: 0.5, borderBottom: '1px solid #bbb' },
            '& td': { fontFamily: 'monospace', fontSize: '1.05rem', overflowWrap: 'anywhere' },
            '& td.pin': { fontWeight: 700 },
          }}
        >
          <caption style={{ textAlign: 'left', captionSide: 'top', fontWeight: 600 }}>
            {receipt.cards.length === 1 ? 'PIN' : `${receipt.cards.length} PINs`}
          </caption>
          <thead>
            <tr>
              <th scope="col">Serial</th>
              <th scope="col">PIN</th>
            </tr>
          </thead>
          <tbody>
            {receipt.cards.map((card, index) => (
              <tr key={`${card.serial}-${index}`}>
                <td>{card.serial || '—'}</td>
                <td className="pin">{card.pin}</td>
              </tr>
            ))}
          </tbody>
        </Box>
      )}

      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          columnGap: 2,
          rowGap: 0.75,
          my: 2,
          '& dt': { color: '#555' },
          '& dd': { m: 0, textAlign: 'right', fontWeight: 500, overflowWrap: 'anywhere' },
        }}
      >
        {receiptLines(receipt).map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
      </Box>

      <Typography
        component="p"
        sx={{ textAlign: 'center', fontSize: '0.85rem', color: '#555', pt: 1.5, borderTop: '1px dashed #999' }}
      >
        Thank you for your patronage.
      </Typography>
    </Box>
  );
}

/** What the customer keeps from a delivery, printed large in a box: a prepaid token, a JAMB PIN. */
function ReceiptCode(props: { label: string; testId: string; code: string; children?: ReactNode }) {
  return (
    <Box
      className="receipt-token"
      sx={{ textAlign: 'center', my: 2, p: 1.5, border: '2px solid #111', borderRadius: 1 }}
    >
      <Typography component="h3" sx={{ fontSize: '0.8rem', textTransform: 'uppercase', letterSpacing: 1 }}>
        {props.label}
      </Typography>
      <Typography
        component="p"
        data-testid={props.testId}
        sx={{
          fontFamily: 'monospace',
          fontWeight: 700,
          fontSize: { xs: '1.4rem', sm: '1.5rem' },
          letterSpacing: 1,
          overflowWrap: 'anywhere',
        }}
      >
        {props.code}
      </Typography>
      {props.children}
    </Box>
  );
}
