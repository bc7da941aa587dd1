import { useRef, useState, type FormEvent } from 'react';
import { OPERATOR_ROLES, type OperatorRole } from '@agentdesk/contract/endpoint';
import { INVITE_TTL_HOURS, ZInviteOperatorRequest } from '@agentdesk/contract/admin/operators';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { TextInput } from '../../components/text-input';
import { useFormFields } from '../../lib/forms/use-form-fields';
import { validate } from '../../lib/forms/validate';
import { errorMessage, fieldErrors } from '../../lib/http/error-message';
import { useInviteOperatorMutation } from '../api/operators';
import { ROLE_WORDS } from './operator-words';

/** Invites an operator with a role: the server emails them a one-time link to set their password. */
export function InviteDialog({ onClose, onDone }: { onClose: () => void; onDone: (message: string) => void }) {
  const [invite] = useInviteOperatorMutation();
  const { values, field, setErrors, setValues, errors } = useFormFields({
    firstName: '',
    lastName: '',
    username: '',
    email: '',
    phone: '',
    role: 'support',
  });
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    setFailure(null);
    const checked = validate(ZInviteOperatorRequest, values);
    if (!checked.success) {
      setErrors(checked.errors);
      return;
    }
    inFlight.current = true;
    setBusy(true);
    try {
      const answer = await invite(checked.data).unwrap();
      onDone(
        `${answer.message}. ${answer.data.firstName} sets a password with the link in it (it works once, for ${INVITE_TTL_HOURS} hours), then signs in as ${answer.data.username}.`,
      );
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields) setErrors(fields);
      setFailure(errorMessage(error));
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="invite-operator-title"
      aria-describedby="invite-operator-text"
      slotProps={{ paper: { sx: { width: 480, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="invite-operator-title">Invite an operator</DialogTitle>
        <DialogContent>
          <DialogContentText id="invite-operator-text" sx={{ mb: 1 }}>
            They get an email with a link to set their password, valid {INVITE_TTL_HOURS} hours.
          </DialogContentText>
          <TextInput {...field('firstName')} label="First name" required autoFocus autoComplete="off" disabled={busy} />
          <TextInput {...field('lastName')} label="Last name" required autoComplete="off" disabled={busy} />
          <TextInput {...field('username')} label="Username" required autoComplete="off" disabled={busy} />
          <TextInput {...field('email')} label="Email" type="email" required autoComplete="off" disabled={busy} />
          <TextInput
            {...field('phone')}
            label="Phone number"
            type="tel"
            inputMode="tel"
            required
            autoComplete="off"
            disabled={busy}
          />
          <TextField
            name="role"
            select
            label="Role"
            required
            fullWidth
            margin="dense"
            value={values.role}
            disabled={busy}
            error={Boolean(errors.role)}
            helperText={errors.role ?? ROLE_WORDS[values.role as OperatorRole]?.powers}
            onChange={(event) => setValues((current) => ({ ...current, role: event.target.value }))}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {OPERATOR_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_WORDS[role].label}
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
            Send invitation
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
