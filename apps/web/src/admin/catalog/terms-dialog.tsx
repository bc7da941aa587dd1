import { useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { TextInput } from '../../components/text-input';
import { errorMessage, fieldErrors } from '../../lib/http/error-message';

/**
 * One figure of the catalogue changed in a dialog (a service's discount, a plan's fixed price):
 * the server checks it and its message for the field shows under the field; the dialog closes
 * once it is saved. `secondary` is a second way out (a plan's "Use the discount").
 */
export function TermsDialog({
  idPrefix,
  title,
  explanation,
  label,
  name,
  initial,
  inputMode,
  saveLabel,
  secondary,
  onSave,
  onClose,
}: {
  idPrefix: string;
  title: string;
  explanation: ReactNode;
  label: string;
  /** The request body's field, whose server message shows under the input. */
  name: string;
  initial: string;
  inputMode: 'decimal' | 'numeric';
  saveLabel: string;
  secondary?: { label: string; onClick: () => Promise<void> };
  onSave: (value: string) => Promise<void>;
  onClose: () => void;
}) {
  const [value, setValue] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setFieldError(null);
    setFailure(null);
    try {
      await action();
      onClose();
    } catch (error) {
      const field = fieldErrors(error)?.[name];
      if (field) setFieldError(field);
      else setFailure(errorMessage(error));
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (value.trim() === '') {
      setFieldError(`Enter ${label.toLowerCase()}`);
      return;
    }
    void run(() => onSave(value.trim()));
  }

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${idPrefix}-title`}
      aria-describedby={`${idPrefix}-text`}
      slotProps={{
        paper: { component: 'form', onSubmit: submit, sx: { width: 440, maxWidth: 'calc(100% - 32px)', m: 2 } },
      }}
    >
      <DialogTitle id={`${idPrefix}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${idPrefix}-text`} component="div" sx={{ mb: 1 }}>
          {explanation}
        </DialogContentText>
        <TextInput
          label={label}
          name={name}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setFieldError(null);
          }}
          inputMode={inputMode}
          autoFocus
          required
          error={fieldError !== null}
          helperText={fieldError ?? undefined}
          maxLength={16}
        />
        {failure && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        {secondary && (
          <Button onClick={() => void run(secondary.onClick)} disabled={busy}>
            {secondary.label}
          </Button>
        )}
        <Button type="submit" variant="contained" loading={busy}>
          {saveLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
