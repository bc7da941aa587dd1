import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { ZSavedCustomerName, type TSavedCustomer } from '@agentdesk/contract/saved-customers/saved-customer-fields';
import { TextInput } from '../../../components/text-input';
import { errorMessage, fieldErrors } from '../../../lib/http/error-message';
import { toast } from '../../../lib/toast';
import { useRenameSavedCustomerMutation } from '../api/saved-customers';

export function RenameCustomerDialog({ customer, onClose }: { customer: TSavedCustomer; onClose: () => void }) {
  const [rename] = useRenameSavedCustomerMutation();
  const [name, setName] = useState(customer.name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const checked = ZSavedCustomerName.safeParse(name);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Enter a name');
      return;
    }
    setBusy(true);
    try {
      await rename({ id: customer.id, name: checked.data }).unwrap();
      toast.success(`Renamed to ${checked.data}`);
      onClose();
    } catch (failure) {
      setError(fieldErrors(failure)?.name ?? errorMessage(failure));
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="rename-customer-title"
      slotProps={{ paper: { sx: { width: 400, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="rename-customer-title">Rename {customer.name}</DialogTitle>
        <DialogContent>
          <TextInput
            label="Customer name"
            name="name"
            autoComplete="off"
            autoFocus
            value={name}
            maxLength={60}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? ' '}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            Rename
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
