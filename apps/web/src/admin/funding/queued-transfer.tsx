import type { ReactNode } from 'react';
import { approveFundingRequest } from '@agentdesk/contract/admin/funding';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DateTime, formatDateTime } from '../../components/date-time';
import { formatNaira } from '../../lib/money';
import type { TQueuedFundingRequest } from '../api/funding-queue';
import { useOperatorMay } from '../session/use-operator-may';
import { ProofPreview } from './proof-preview';
import { isLate, waitingFor } from './waiting-for';

const PROOF_KIND: Record<string, string> = {
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/webp': 'WebP image',
  'application/pdf': 'PDF',
};

function fileSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

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

/** One reported transfer in the queue: what to check in the bank account, and the two decisions. */
export function QueuedTransfer({
  request,
  now,
  onApprove,
  onReject,
}: {
  request: TQueuedFundingRequest;
  now: number;
  onApprove: () => void;
  onReject: () => void;
}) {
  const titleId = `funding-${request.id}-title`;
  const late = isLate(request.createdAt, now);
  // Approving and rejecting share their roles (finance and the owner); support reads the queue.
  const mayDecide = useOperatorMay(approveFundingRequest);
  return (
    <Paper component="article" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {formatNaira(request.amount)} from {request.agent.firstName} {request.agent.lastName}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Agent {request.agent.username}
          </Typography>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, m: 0 }}
          >
            <Detail term="To credit">
              {formatNaira(request.creditAmount)}
              {Number(request.charge) > 0 ? ` (charge ${formatNaira(request.charge)})` : ''}
            </Detail>
            <Detail term="Sender">{request.senderName}</Detail>
            <Detail term="Reference">{request.reference}</Detail>
            <Detail term="Paid into">
              {request.account.bankName} {request.account.accountNumber}
            </Detail>
            <Detail term="Transfer date">{formatDateTime(request.transferDate, false)}</Detail>
            <Detail term="Reported">
              <DateTime value={request.createdAt} />
            </Detail>
            <Detail term="Waiting">
              <Box component="span" sx={late ? { color: 'error.dark', fontWeight: 600 } : undefined}>
                {waitingFor(request.createdAt, now)}
                {late ? ' (over a day)' : ''}
              </Box>
            </Detail>
            <Detail term="Proof">
              {request.proof
                ? `Attached: ${request.proof.fileName} (${PROOF_KIND[request.proof.contentType] ?? request.proof.contentType}, ${fileSize(request.proof.size)})`
                : 'None attached'}
            </Detail>
          </Box>
          <ProofPreview request={request} />
        </Box>
        {mayDecide && (
          <Stack direction={{ xs: 'row', md: 'column' }} spacing={1} sx={{ flexShrink: 0, alignItems: 'stretch' }}>
            <Button variant="contained" color="success" onClick={onApprove} aria-describedby={titleId}>
              Approve
            </Button>
            <Button variant="outlined" color="error" onClick={onReject} aria-describedby={titleId}>
              Reject
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
