import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Pin from '@mui/icons-material/Pin';
import { formatDateTime } from '../../../components/date-time';
import { errorMessage } from '../../../lib/http/error-message';
import { usePinStatusQuery } from '../../../lib/pin/transaction-pin-api';
import { TransactionPinDialog, type PinDialogMode } from './transaction-pin-dialog';

/** The Profile's "Transaction PIN" section (docs/decisions/043): its state, and set, change or reset. */
export function TransactionPinSection() {
  const status = usePinStatusQuery();
  const [dialog, setDialog] = useState<PinDialogMode | null>(null);
  const pin = status.data?.data;
  // "Forgot your PIN?" in a purchase's confirmation links here (#transaction-pin).
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (window.location.hash === '#transaction-pin') section.current?.scrollIntoView();
  }, []);

  let body;
  if (status.isLoading) {
    body = (
      <Typography variant="body2" role="status">
        Loading…
      </Typography>
    );
  } else if (!pin) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void status.refetch()}>
            Try again
          </Button>
        }
      >
        Could not load your PIN settings. {errorMessage(status.error)}
      </Alert>
    );
  } else {
    body = (
      <>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {pin.isSet
            ? 'Your 4-digit PIN confirms every purchase on this dashboard. API keys are never asked for it.'
            : 'You have no PIN yet. Choose one now, or when you make your first purchase.'}
        </Typography>
        {pin.lockedUntil && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            Too many wrong PINs. Purchases are paused until {formatDateTime(pin.lockedUntil)}. Changing your PIN with
            your password, or resetting it, ends the pause.
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {pin.isSet ? (
            <>
              <Button variant="outlined" startIcon={<Pin aria-hidden="true" />} onClick={() => setDialog('change')}>
                Change PIN
              </Button>
              <Button onClick={() => setDialog('reset')}>Forgot PIN?</Button>
            </>
          ) : (
            <Button variant="outlined" startIcon={<Pin aria-hidden="true" />} onClick={() => setDialog('set')}>
              Set PIN
            </Button>
          )}
        </Stack>
      </>
    );
  }

  return (
    <Box component="section" ref={section} aria-labelledby="transaction-pin" sx={{ mt: 4 }}>
      <Typography id="transaction-pin" variant="h6" component="h2" sx={{ mb: 1, fontWeight: 600 }}>
        Transaction PIN
      </Typography>
      {body}
      {dialog && <TransactionPinDialog mode={dialog} onClose={() => setDialog(null)} />}
    </Box>
  );
}
