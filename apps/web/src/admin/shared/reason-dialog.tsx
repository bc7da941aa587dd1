import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { z } from 'zod';
import { TextInput } from '../../components/text-input';
import { useFormFields } from '../../lib/forms/use-form-fields';
import { validate } from '../../lib/forms/validate';
import { errorMessage, fieldErrors } from '../../lib/http/error-message';
import type { ActionOutcome } from './outcome-alert';

/** The server's 409: another operator (or another tab) decided this first. */
export function isAlreadyDecided(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 409;
}

/**
 * An action that needs the operator's reason (kept with the audit log, and shown to the agent
 * where the action concerns them): the reason checked by the endpoint's own body schema, sent
 * once, the dialog closed with what happened. `whenDecided` turns a 409 (decided meanwhile
 * elsewhere) into an outcome; without it a 409 is a failure shown in the dialog like any other.
 */
export function ReasonDialog({
  id,
  title,
  text,
  confirm,
  confirmColor = 'error',
  schema,
  send,
  whenDecided,
  onClose,
  onDone,
}: {
  /** Prefix of the dialog's title and text ids. */
  id: string;
  title: string;
  text: ReactNode;
  confirm: string;
  confirmColor?: 'error' | 'success' | 'primary';
  schema: z.ZodType<{ reason: string }>;
  send: (reason: string) => Promise<ActionOutcome>;
  whenDecided?: (message: string) => ActionOutcome;
  onClose: () => void;
  onDone: (outcome: ActionOutcome) => void;
}) {
  const { values, field, setErrors } = useFormFields({ reason: '' });
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const checked = validate(schema, values);
    if (!checked.success) {
      setErrors(checked.errors);
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setFailure(null);
    try {
      onDone(await send(checked.data.reason));
    } catch (error) {
      if (whenDecided && isAlreadyDecided(error)) {
        onDone(whenDecided(errorMessage(error)));
        return;
      }
      const fields = fieldErrors(error);
      if (fields?.reason) setErrors({ reason: fields.reason });
      else setFailure(errorMessage(error));
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-text`} sx={{ mb: 1 }}>
            {text}
          </DialogContentText>
          <TextInput {...field('reason')} label="Reason" required autoFocus maxLength={300} disabled={busy} />
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
          <Button type="submit" variant="contained" color={confirmColor} loading={busy}>
            {confirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
