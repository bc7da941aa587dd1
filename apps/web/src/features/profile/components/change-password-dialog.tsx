import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { ZChangePasswordRequest } from '@agentdesk/contract/auth/change-password';
import { PasswordField } from '../../../components/password-field';
import { errorMessage } from '../../../lib/http/error-message';
import { useFormFields } from '../../../lib/forms/use-form-fields';
import { validate, type FieldErrors } from '../../../lib/forms/validate';
import { useChangePasswordMutation } from '../api/change-password';

/** Spec section 5: exactly these messages. */
export const CHANGE_PASSWORD_MESSAGES = {
  oldPassword: 'Your old is Required',
  newPassword: 'New password is required',
  confirmNewPassword: 'Confirm new password is required',
  mismatch: 'Please check the input new password and confirm password are not the same',
} as const;

const EMPTY = { oldPassword: '', newPassword: '', confirmNewPassword: '' };

/** The Change Password panel: rendered only while open, so it always starts empty. */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const [changePassword] = useChangePasswordMutation();
  const [submitting, setSubmitting] = useState(false);
  const { values, field, setErrors } = useFormFields(EMPTY);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const required: FieldErrors = {};
    if (!values.oldPassword) required.oldPassword = CHANGE_PASSWORD_MESSAGES.oldPassword;
    if (!values.newPassword) required.newPassword = CHANGE_PASSWORD_MESSAGES.newPassword;
    if (!values.confirmNewPassword) required.confirmNewPassword = CHANGE_PASSWORD_MESSAGES.confirmNewPassword;
    if (Object.keys(required).length > 0) {
      setErrors(required);
      return;
    }
    if (values.newPassword !== values.confirmNewPassword) {
      toast.info(CHANGE_PASSWORD_MESSAGES.mismatch);
      return;
    }
    const checked = validate(ZChangePasswordRequest, {
      oldPassword: values.oldPassword,
      newPassword: values.newPassword,
    });
    if (!checked.success) {
      setErrors(checked.errors);
      return;
    }
    setSubmitting(true);
    try {
      const answer = await changePassword(checked.data).unwrap();
      toast.success(answer.message);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error));
      setSubmitting(false);
    }
  }

  return (
    <Dialog open onClose={submitting ? undefined : onClose} aria-labelledby="change-password-title">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="change-password-title">Change Password</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            <PasswordField {...field('oldPassword')} label="Old Password" autoComplete="current-password" autoFocus />
            <PasswordField {...field('newPassword')} label="New Password" autoComplete="new-password" />
            <PasswordField {...field('confirmNewPassword')} label="Confirm New Password" autoComplete="new-password" />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={submitting}>
            Update Password
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
