import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../lib/http/error-message';
import { useFundingProofQuery, type TQueuedFundingRequest } from '../api/funding-queue';

/**
 * The proof of transfer, fetched when the operator asks for it: a picture shown in the queue,
 * a PDF offered as a download (the CSP frames nothing, and a PDF is the agent's file, not ours
 * to render). The file comes with the operator's token, so it is never a plain link.
 */
export function ProofPreview({ request }: { request: TQueuedFundingRequest }) {
  const [open, setOpen] = useState(false);
  const proof = request.proof;
  const file = useFundingProofQuery(request.id, { skip: !open || !proof });
  if (!proof) return null;
  const picture = proof.contentType.startsWith('image/');
  const label = `Proof of transfer from ${request.senderName}: ${proof.fileName}`;

  return (
    <Box sx={{ mt: 1.5 }}>
      <Button size="small" variant="text" onClick={() => setOpen((shown) => !shown)} aria-expanded={open}>
        {open ? 'Hide proof' : 'Show proof'}
      </Button>
      {open && (
        <Box sx={{ mt: 1 }} aria-live="polite">
          {file.isFetching && <Typography variant="body2">Loading the proof…</Typography>}
          {file.isError && (
            <Typography variant="body2" color="error.dark" role="alert">
              Could not load the proof. {errorMessage(file.error)}{' '}
              <Link component="button" variant="body2" onClick={() => void file.refetch()}>
                Try again
              </Link>
            </Typography>
          )}
          {file.data &&
            !file.isFetching &&
            (picture ? (
              <Box
                component="img"
                src={file.data}
                alt={label}
                sx={{ display: 'block', maxWidth: '100%', maxHeight: 480, border: 1, borderColor: 'divider' }}
              />
            ) : (
              <Link href={file.data} download={proof.fileName} variant="body2">
                Download {proof.fileName} (PDF)
              </Link>
            ))}
        </Box>
      )}
    </Box>
  );
}
