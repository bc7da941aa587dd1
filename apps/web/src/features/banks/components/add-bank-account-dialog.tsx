import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../lib/http/error-message';
import { useCreateBankAccountMutation, useListBanksQuery, useResolveAccountNameQuery } from '../api/banks';
import { checkAccountNumber, digitsOf } from './check-account-number';

/** Add a bank account: the number is checked here, its name looked up at the bank and shown before saving. */
export function AddBankAccountDialog({ onClose }: { onClose: () => void }) {
  const banks = useListBanksQuery();
  const [createBankAccount] = useCreateBankAccountMutation();
  const [bankCode, setBankCode] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [saving, setSaving] = useState(false);
  const bankList = banks.data?.data ?? [];
  const bank = bankList.find((candidate) => candidate.code === bankCode);
  const number = digitsOf(accountNumber);
  const problem = checkAccountNumber(bank, number);
  // Ask the bank only once the number could be right: no wasted call on a slow line.
  const lookup = useResolveAccountNameQuery({ bankCode, accountNumber: number }, { skip: problem !== null });
  const resolved = problem === null && lookup.isSuccess && !lookup.isFetching ? lookup.data.data : null;
  const showProblem = number.length >= 10 || (number.length > 0 && !bank);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!resolved) return;
    setSaving(true);
    try {
      const answer = await createBankAccount({
        bankCode: resolved.bankCode,
        accountNumber: resolved.accountNumber,
        accountName: resolved.accountName,
      }).unwrap();
      toast.success(answer.message);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error));
      setSaving(false);
    }
  }

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      aria-labelledby="add-bank-title"
      slotProps={{ paper: { sx: { width: 400, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <form noValidate onSubmit={(event) => void save(event)}>
        <DialogTitle id="add-bank-title">Add bank account</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            {banks.isError && (
              <Alert severity="error">Could not load the list of banks. {errorMessage(banks.error)}</Alert>
            )}
            <TextField
              select
              label="Bank"
              value={bankCode}
              onChange={(event) => setBankCode(event.target.value)}
              disabled={!banks.data}
              margin="dense"
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">{banks.isLoading ? 'Loading banks…' : 'Choose a bank'}</option>
              {bankList.map((option) => (
                <option key={option.code} value={option.code}>
                  {option.name}
                </option>
              ))}
            </TextField>
            <TextField
              label="Account number"
              value={accountNumber}
              onChange={(event) => setAccountNumber(event.target.value)}
              margin="dense"
              error={showProblem && problem !== null}
              helperText={showProblem && problem ? problem : '10 digits (NUBAN)'}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 13, autoComplete: 'off' } }}
            />
            <div aria-live="polite">
              {problem === null && lookup.isFetching && (
                <Typography variant="body2">Checking the account name…</Typography>
              )}
              {problem === null && lookup.isError && !lookup.isFetching && (
                <Alert severity="error">{errorMessage(lookup.error)}</Alert>
              )}
              {resolved && (
                <Alert severity="success" icon={false}>
                  Account name: <strong>{resolved.accountName}</strong>
                </Alert>
              )}
            </div>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!resolved} loading={saving}>
            Save account
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
