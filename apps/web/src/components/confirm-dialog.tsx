import { useState, type ReactNode } from 'react';
import { toast } from '../lib/toast';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { errorMessage } from '../lib/http/error-message';

/**
 * Asks before something that cannot be taken back (remove, revoke, rotate). "Keep it" has the
 * focus; while `onConfirm` runs the dialog cannot be dismissed, and if it fails the error is a
 * toast and the dialog stays. `onConfirm` closes the dialog itself when it succeeds.
 */
export function ConfirmDialog({
  idPrefix,
  title,
  children,
  confirmLabel,
  color = 'error',
  width = 400,
  onConfirm,
  onClose,
}: {
  /** Prefix of the ids that tie the title and text to the dialog. */
  idPrefix: string;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  color?: 'error' | 'warning';
  width?: number;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } catch (error) {
      toast.error(errorMessage(error));
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${idPrefix}-title`}
      aria-describedby={`${idPrefix}-text`}
      slotProps={{ paper: { sx: { width, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id={`${idPrefix}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${idPrefix}-text`}>{children}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3 }}>
        <Button onClick={onClose} disabled={busy} autoFocus>
          Keep it
        </Button>
        <Button color={color} variant="contained" onClick={() => void confirm()} loading={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
