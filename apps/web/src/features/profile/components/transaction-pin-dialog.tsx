import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { PasswordField } from '../../../components/password-field';
import { isWholePin, PinField } from '../../../components/pin-field';
import { TextInput } from '../../../components/text-input';
import { errorMessage, fieldErrors } from '../../../lib/http/error-message';
import {
  useChangePinMutation,
  useRequestPinResetCodeMutation,
  useResetPinMutation,
  useSetPinMutation,
} from '../../../lib/pin/transaction-pin-api';
import { toast } from '../../../lib/toast';

export type PinDialogMode = 'set' | 'change' | 'reset';

const TITLES: Record<PinDialogMode, string> = {
  set: 'Set transaction PIN',
  change: 'Change transaction PIN',
  reset: 'Reset transaction PIN',
};

type Field = 'currentPin' | 'password' | 'code' | 'newPin' | 'confirmPin';

/**
 * Sets, changes (with the current PIN or the password) or resets (with a code emailed now) the
 * transaction PIN (docs/decisions/043). Rendered only while open, so it always starts empty.
 */
export function TransactionPinDialog({ mode, onClose }: { mode: PinDialogMode; onClose: () => void }) {
  const [setPin] = useSetPinMutation();
  const [changePin] = useChangePinMutation();
  const [requestCode] = useRequestPinResetCodeMutation();
  const [resetPin] = useResetPinMutation();
  const [proof, setProof] = useState<'currentPin' | 'password'>('currentPin');
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [values, setValues] = useState<Record<Field, string>>({
    currentPin: '',
    password: '',
    code: '',
    newPin: '',
    confirmPin: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const set = (name: Field) => (value: string) => setValues((current) => ({ ...current, [name]: value }));
  const waitingForCode = mode === 'reset' && codeSentTo === null;

  function check(): Partial<Record<Field, string>> {
    const found: Partial<Record<Field, string>> = {};
    if (mode === 'change' && proof === 'currentPin' && !isWholePin(values.currentPin))
      found.currentPin = 'Enter your current 4-digit PIN';
    if (mode === 'change' && proof === 'password' && !values.password) found.password = 'Enter your password';
    if (mode === 'reset' && !/^\d{6}$/.test(values.code)) found.code = 'Enter the 6-digit code from the email';
    if (!isWholePin(values.newPin)) found.newPin = 'Choose 4 digits';
    else if (values.confirmPin !== values.newPin) found.confirmPin = 'The two PINs are not the same';
    return found;
  }

  async function sendCode() {
    setSubmitting(true);
    try {
      const answer = await requestCode().unwrap();
      setCodeSentTo(answer.message);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (waitingForCode) return void sendCode();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      const answer =
        mode === 'set'
          ? await setPin({ pin: values.newPin }).unwrap()
          : mode === 'change'
            ? await changePin(
                proof === 'currentPin'
                  ? { currentPin: values.currentPin, newPin: values.newPin }
                  : { password: values.password, newPin: values.newPin },
              ).unwrap()
            : await resetPin({ code: values.code, newPin: values.newPin }).unwrap();
      toast.success(answer.message);
      onClose();
    } catch (error) {
      const fields = fieldErrors(error) ?? {};
      const known = Object.fromEntries(Object.entries(fields).filter(([name]) => name in values));
      // The server's "Wrong PIN. 3 tries left." belongs under the current PIN.
      const pinError = fields.pin ? { currentPin: fields.pin } : {};
      const shown = { ...known, ...pinError };
      setErrors(shown);
      if (Object.keys(shown).length === 0) toast.error(errorMessage(error));
      setSubmitting(false);
    }
  }

  return (
    <Dialog open onClose={submitting ? undefined : onClose} aria-labelledby="transaction-pin-title">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="transaction-pin-title">{TITLES[mode]}</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            {mode === 'change' && (
              <>
                <ToggleButtonGroup
                  exclusive
                  size="small"
                  value={proof}
                  onChange={(_, value: 'currentPin' | 'password' | null) => value && setProof(value)}
                  aria-label="Prove it is you with"
                >
                  <ToggleButton value="currentPin">Current PIN</ToggleButton>
                  <ToggleButton value="password">Password</ToggleButton>
                </ToggleButtonGroup>
                {proof === 'currentPin' ? (
                  <PinField
                    label="Current PIN"
                    name="currentPin"
                    value={values.currentPin}
                    onChange={set('currentPin')}
                    error={errors.currentPin}
                    autoFocus
                  />
                ) : (
                  <PasswordField
                    label="Password"
                    name="password"
                    value={values.password}
                    onChange={(event) => set('password')(event.target.value)}
                    error={Boolean(errors.password)}
                    helperText={errors.password}
                    autoComplete="current-password"
                    autoFocus
                  />
                )}
              </>
            )}
            {mode === 'reset' && waitingForCode && (
              <Typography variant="body2">
                We will email you a 6-digit code. It expires in 10 minutes. Then choose a new PIN with it.
              </Typography>
            )}
            {mode === 'reset' && codeSentTo !== null && (
              <>
                <Typography variant="body2" role="status">
                  {codeSentTo}
                </Typography>
                <TextInput
                  label="Code from the email"
                  name="code"
                  value={values.code}
                  onChange={(event) => set('code')(event.target.value.replace(/\D/g, '').slice(0, 6))}
                  inputMode="numeric"
                  maxLength={6}
                  autoComplete="one-time-code"
                  error={Boolean(errors.code)}
                  helperText={errors.code}
                  autoFocus
                />
              </>
            )}
            {!waitingForCode && (
              <>
                <PinField
                  label="New PIN"
                  name="newPin"
                  value={values.newPin}
                  onChange={set('newPin')}
                  error={errors.newPin}
                  autoFocus={mode === 'set'}
                />
                <PinField
                  label="Confirm new PIN"
                  name="confirmPin"
                  value={values.confirmPin}
                  onChange={set('confirmPin')}
                  error={errors.confirmPin}
                />
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={submitting}>
            {waitingForCode ? 'Email me a code' : 'Save PIN'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
