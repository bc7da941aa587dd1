import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { TextInput } from '../../components/text-input';
import { useFormFields } from '../../lib/forms/use-form-fields';
import { errorMessage, fieldErrors } from '../../lib/http/error-message';
import { toast } from '../../lib/toast';
import { useAddFundingAccountMutation } from '../api/settings';

type Field =
  | 'bankName'
  | 'bankCode'
  | 'accountNumber'
  | 'accountName'
  | 'instructions'
  | 'chargeFlat'
  | 'chargePercent'
  | 'minimum';

const FIELDS: Array<{
  name: Field;
  label: string;
  required?: boolean;
  inputMode?: 'numeric' | 'decimal';
  maxLength: number;
  hint?: string;
}> = [
  { name: 'bankName', label: 'Bank name', required: true, maxLength: 80 },
  { name: 'bankCode', label: 'Bank code', required: true, inputMode: 'numeric', maxLength: 6, hint: 'Like 058' },
  { name: 'accountNumber', label: 'Account number', required: true, inputMode: 'numeric', maxLength: 10 },
  { name: 'accountName', label: 'Account name', required: true, maxLength: 100 },
  {
    name: 'chargeFlat',
    label: 'Flat charge (₦)',
    inputMode: 'decimal',
    maxLength: 12,
    hint: 'Taken from each transfer',
  },
  { name: 'chargePercent', label: 'Percent charge (%)', inputMode: 'decimal', maxLength: 6 },
  { name: 'minimum', label: 'Smallest transfer (₦)', inputMode: 'decimal', maxLength: 12 },
  { name: 'instructions', label: 'Instructions for agents', maxLength: 500, hint: 'Optional' },
];

/** A new provider bank account: offered to agents as soon as it is added; the server checks every field. */
export function AddFundingAccountDialog({ onClose }: { onClose: () => void }) {
  const [add] = useAddFundingAccountMutation();
  const form = useFormFields<Field>({
    bankName: '',
    bankCode: '',
    accountNumber: '',
    accountName: '',
    instructions: '',
    chargeFlat: '0',
    chargePercent: '0',
    minimum: '100',
  });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const answer = await add(form.values).unwrap();
      toast.success(`${answer.data.bankName} ${answer.data.accountNumber} added: agents are offered it now`);
      onClose();
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields) form.setErrors(fields);
      setFailure(fields ? 'Not added: check the fields marked in red.' : `Not added. ${errorMessage(error)}`);
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="add-account-title"
      slotProps={{ paper: { sx: { width: 560, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id="add-account-title">Add a bank account</DialogTitle>
      <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="add-account-title">
        <DialogContent>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            {FIELDS.map(({ name, label, required, inputMode, maxLength, hint }) => (
              <TextInput
                key={name}
                label={label}
                autoComplete="off"
                maxLength={maxLength}
                {...(required ? { required } : {})}
                {...(inputMode ? { inputMode } : {})}
                {...form.field(name)}
                autoFocus={name === 'bankName'}
                helperText={form.errors[name] ?? hint}
              />
            ))}
          </Box>
          {failure && (
            <Alert severity="error" role="status" sx={{ mt: 1 }}>
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            Add account
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
