import { useRef, useState, type FormEvent } from 'react';
import { createPriceLevel } from '@agentdesk/contract/admin/price-levels';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { TextInput } from '../../components/text-input';
import { useFormFields } from '../../lib/forms/use-form-fields';
import { validate } from '../../lib/forms/validate';
import { errorMessage, fieldErrors } from '../../lib/http/error-message';

/** Creating and renaming take the same body: a name, checked as the server checks it. */
const ZNameBody = createPriceLevel.body!;

/**
 * A level's name, new or changed: checked by the contract's rule before it is sent, sent once,
 * and the server's refusal (a name another level has) shown under the field.
 */
export function LevelNameDialog({
  title,
  explanation,
  initial,
  saveLabel,
  onSave,
  onClose,
}: {
  title: string;
  explanation: string;
  initial: string;
  saveLabel: string;
  /** Sends the name; answers the sentence the page shows once it is saved. */
  onSave: (name: string) => Promise<void>;
  onClose: () => void;
}) {
  const { values, field, setErrors } = useFormFields({ name: initial });
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const checked = validate(ZNameBody, values);
    if (!checked.success) {
      setErrors(checked.errors);
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setFailure(null);
    try {
      await onSave(checked.data.name);
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields?.name) setErrors({ name: fields.name });
      else setFailure(errorMessage(error));
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="level-name-title"
      aria-describedby="level-name-text"
      slotProps={{ paper: { sx: { width: 440, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="level-name-title">{title}</DialogTitle>
        <DialogContent>
          <DialogContentText id="level-name-text" sx={{ mb: 1 }}>
            {explanation}
          </DialogContentText>
          <TextInput {...field('name')} label="Name" required autoFocus maxLength={40} disabled={busy} />
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
            {saveLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
