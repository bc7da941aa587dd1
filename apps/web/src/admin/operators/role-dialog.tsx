import { useState, type FormEvent } from 'react';
import type { TOperator } from '@agentdesk/contract/admin/operators';
import { OPERATOR_ROLES, type OperatorRole } from '@agentdesk/contract/endpoint';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { errorMessage } from '../../lib/http/error-message';
import { useChangeOperatorRoleMutation } from '../api/operators';
import { ROLE_WORDS } from './operator-words';

/** A new role for an operator, from their next request; the server refuses demoting the last owner. */
export function RoleDialog({
  operator,
  onClose,
  onDone,
}: {
  operator: TOperator;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [change] = useChangeOperatorRoleMutation();
  const [role, setRole] = useState<OperatorRole>(operator.role);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (role === operator.role) {
      onClose();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const answer = await change({ id: operator.id, role }).unwrap();
      onDone(`${answer.message}: ${ROLE_WORDS[answer.data.role].powers}, from their next step.`);
    } catch (error) {
      setFailure(errorMessage(error));
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="operator-role-title"
      aria-describedby="operator-role-text"
      slotProps={{ paper: { sx: { width: 440, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="operator-role-title">Change {operator.username}’s role</DialogTitle>
        <DialogContent>
          <DialogContentText id="operator-role-text" sx={{ mb: 1 }}>
            {operator.firstName} {operator.lastName} is {ROLE_WORDS[operator.role].label.toLowerCase()}. The new role
            holds from their next step, without signing them out.
          </DialogContentText>
          <TextField
            name="role"
            select
            label="Role"
            fullWidth
            margin="dense"
            autoFocus
            value={role}
            disabled={busy}
            helperText={ROLE_WORDS[role].powers}
            onChange={(event) => setRole(event.target.value as OperatorRole)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {OPERATOR_ROLES.map((choice) => (
              <option key={choice} value={choice}>
                {ROLE_WORDS[choice].label}
              </option>
            ))}
          </TextField>
          {failure && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            Save role
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
