import { useRef, useState, type FormEvent } from 'react';
import { ZCreateAgentRequest } from '@agentdesk/contract/admin/agents';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { PasswordField } from '../../components/password-field';
import { TextInput } from '../../components/text-input';
import { useFormFields } from '../../lib/forms/use-form-fields';
import { validate } from '../../lib/forms/validate';
import { errorMessage, fieldErrors } from '../../lib/http/error-message';
import { useCreateAgentMutation } from '../api/agents';

export interface CreatedAgent {
  id: string;
  name: string;
  username: string;
  generatedPassword: string | null;
}

/**
 * A new agent's account, checked with the contract's schema before it is sent (the server's
 * own field messages, a username or phone already taken, go under their fields). A blank
 * password has the server make one, shown once.
 */
export function CreateAgentDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (agent: CreatedAgent) => void;
}) {
  const [create] = useCreateAgentMutation();
  const { values, field, setErrors } = useFormFields({
    firstName: '',
    lastName: '',
    username: '',
    email: '',
    phone: '',
    password: '',
  });
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const checked = validate(ZCreateAgentRequest, { ...values, password: values.password || undefined });
    if (!checked.success) {
      setErrors(checked.errors);
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await create({ ...checked.data }).unwrap();
      const { user, generatedPassword } = answer.data;
      onCreated({
        id: user.id,
        name: `${user.firstName} ${user.lastName}`,
        username: user.username,
        generatedPassword,
      });
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields) setErrors(fields);
      else setFailure(errorMessage(error));
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="create-agent-title"
      aria-describedby="create-agent-text"
      slotProps={{ paper: { sx: { width: 520, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="create-agent-title">Create an agent</DialogTitle>
        <DialogContent>
          <DialogContentText id="create-agent-text" sx={{ mb: 1 }}>
            The agent signs in with their username, email or phone. Leave the password blank to have one made for you:
            it is shown once, to pass on to the agent.
          </DialogContentText>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
            <TextInput
              {...field('firstName')}
              label="First name"
              required
              autoFocus
              autoComplete="off"
              disabled={busy}
            />
            <TextInput {...field('lastName')} label="Last name" required autoComplete="off" disabled={busy} />
          </Stack>
          <TextInput {...field('username')} label="Username" required autoComplete="off" disabled={busy} />
          <TextInput {...field('email')} label="Email" type="email" required autoComplete="off" disabled={busy} />
          <TextInput
            {...field('phone')}
            label="Phone"
            type="tel"
            inputMode="tel"
            required
            autoComplete="off"
            disabled={busy}
          />
          <PasswordField
            {...field('password')}
            label="Password (optional)"
            autoComplete="new-password"
            disabled={busy}
          />
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
            Create agent
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
