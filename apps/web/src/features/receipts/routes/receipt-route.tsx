import { useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { toast } from '../../../lib/toast';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Download from '@mui/icons-material/Download';
import Print from '@mui/icons-material/Print';
import Share from '@mui/icons-material/Share';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/http/error-message';
import { saveBlob } from '../../../lib/save-blob';
import { useGetReceiptQuery } from '../api/get-receipt';
import { ReceiptDocument } from '../components/receipt-document';
import { receiptFileName } from '../lib/receipt-lines';
import { canShareFiles, receiptPng } from '../lib/receipt-image';

/** Phones (a coarse pointer) that can hand an image file to their share sheet: WhatsApp is one tap away. */
function useShareSheet(): boolean {
  return useMemo(() => {
    if (typeof window.matchMedia !== 'function' || !window.matchMedia('(pointer: coarse)').matches) return false;
    return canShareFiles(new File([''], 'receipt.png', { type: 'image/png' }));
  }, []);
}

function ReceiptSkeleton() {
  return (
    <Box role="status" aria-label="Loading the receipt" sx={{ maxWidth: 440 }}>
      <Skeleton variant="text" width="40%" height={36} />
      <Skeleton variant="text" width="60%" />
      <Skeleton variant="rounded" height={96} sx={{ my: 2 }} />
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} variant="text" />
      ))}
    </Box>
  );
}

/** `/user/transactions/:id/receipt`: one transaction's receipt, to print or send as an image. */
export function ReceiptRoute() {
  const { id = '' } = useParams();
  const [pending, setPending] = useState(false);
  const receiptQuery = useGetReceiptQuery(id, {
    refetchOnMountOrArgChange: true,
    // A pending purchase is still being resolved: the token arrives when it settles.
    pollingInterval: pending ? 5000 : 0,
  });
  const receipt = receiptQuery.data?.data;
  const nowPending = receipt?.status === 'pending';
  if (nowPending !== pending) setPending(nowPending);
  const documentRef = useRef<HTMLElement>(null);
  const [busy, setBusy] = useState<'download' | 'share' | null>(null);
  const shareSheet = useShareSheet();

  async function makeImage(how: 'download' | 'share') {
    const node = documentRef.current;
    if (!node || !receipt) return;
    setBusy(how);
    try {
      const blob = await receiptPng(node);
      const name = receiptFileName(receipt);
      if (how === 'share') {
        const file = new File([blob], name, { type: 'image/png' });
        try {
          await navigator.share({ files: [file], title: `${receipt.brandName} receipt ${receipt.reference}` });
          return;
        } catch (error) {
          // The person closed the share sheet: nothing to do. Anything else: save the file instead.
          if (error instanceof DOMException && error.name === 'AbortError') return;
        }
      }
      saveBlob(blob, name);
      toast.success('Receipt image saved');
    } catch {
      toast.error('Could not make the receipt image. Print it instead, or try again.');
    } finally {
      setBusy(null);
    }
  }

  let body;
  if (receiptQuery.isLoading) {
    body = <ReceiptSkeleton />;
  } else if (receipt) {
    body = (
      <>
        <Stack direction="row" className="no-print" sx={{ gap: 1, flexWrap: 'wrap', mb: 2 }}>
          <Button variant="contained" startIcon={<Print aria-hidden="true" />} onClick={() => window.print()}>
            Print
          </Button>
          <Button
            variant="outlined"
            startIcon={<Download aria-hidden="true" />}
            loading={busy === 'download'}
            disabled={busy !== null}
            onClick={() => void makeImage('download')}
          >
            Download image
          </Button>
          {shareSheet && (
            <Button
              variant="outlined"
              startIcon={<Share aria-hidden="true" />}
              loading={busy === 'share'}
              disabled={busy !== null}
              onClick={() => void makeImage('share')}
            >
              Share image
            </Button>
          )}
        </Stack>
        {receipt.status === 'pending' && (
          <Alert severity="info" className="no-print" sx={{ mb: 2, maxWidth: 440 }}>
            This purchase is still being confirmed with the provider; the receipt updates by itself.
          </Alert>
        )}
        <ReceiptDocument receipt={receipt} ref={documentRef} />
      </>
    );
  } else if (receiptQuery.error && 'status' in receiptQuery.error && receiptQuery.error.status === 404) {
    body = (
      <EmptyState title="Receipt not found">There is no transaction with this reference in your history.</EmptyState>
    );
  } else {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void receiptQuery.refetch()}>
            Try again
          </Button>
        }
      >
        Could not load the receipt. {errorMessage(receiptQuery.error)}
      </Alert>
    );
  }

  return (
    <>
      <PageHeader
        title="Receipt"
        subtitle="Print it or send the image to your customer"
        action={
          <Button component={RouterLink} to="/user/transactions" startIcon={<ArrowBack aria-hidden="true" />}>
            Transactions
          </Button>
        }
      />
      {body}
    </>
  );
}
