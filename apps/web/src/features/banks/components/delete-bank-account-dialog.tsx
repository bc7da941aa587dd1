import { useState } from 'react';
import { toast } from 'react-toastify';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { TBankAccount } from '@agentdesk/contract/banks/bank-fields';
import { errorMessage } from '../../../lib/http/error-message';
import { useDeleteBankAccountMutation } from '../api/banks';

export function DeleteBankAccountDialog({ account, onClose }: { account: TBankAccount; onClose: () => void }) {
  const [deleteBankAccount] = useDeleteBankAccountMutation();
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    setDeleting(true);
    try {
      const answer = await deleteBankAccount(account.id).unwrap();
      toast.success(answer.message);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error));
      setDeleting(false);
    }
  }

  return (
    <Dialog
      open
      onClose={deleting ? undefined : onClose}
      aria-labelledby="delete-bank-title"
      aria-describedby="delete-bank-text"
      slotProps={{ paper: { sx: { width: 400, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id="delete-bank-title">Remove bank account?</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-bank-text">
          {account.bankName} {account.accountNumber} ({account.accountName}) will no longer receive your payouts and
          refunds.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3 }}>
        <Button onClick={onClose} disabled={deleting} autoFocus>
          Keep it
        </Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} loading={deleting}>
          Remove
        </Button>
      </DialogActions>
    </Dialog>
  );
}
