import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { deferred } from '../../../lib/deferred';
import { errorMessage } from '../../../lib/http/error-message';
import { useFormFields } from '../../../lib/forms/use-form-fields';
import { useAuthFlow } from '../auth-flow';
import { AuthCard } from '../components/auth-card';
import { AuthPasswordField } from '../components/auth-password-field';
import { SubmitButton } from '../components/submit-button';

const loadConfirmApi = deferred(() => import('../api/confirm-reset-password'));

export function CompleteResetPasswordRoute() {
  const flow = useAuthFlow();
  const { Link } = flow;
  const { resetToken } = flow.reset;
  const [submitting, setSubmitting] = useState(false);
  const { values, field, setErrors } = useFormFields({ newPassword: '', confirmNewPassword: '' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    try {
      const { callConfirmResetPassword, validateNewPassword } = await loadConfirmApi();
      const checked = validateNewPassword({ resetToken, newPassword: values.newPassword });
      if (!checked.success) {
        setErrors(checked.errors);
        return;
      }
      if (values.confirmNewPassword !== values.newPassword) {
        setErrors({ confirmNewPassword: 'Passwords do not match' });
        return;
      }
      const answer = await callConfirmResetPassword(checked.data);
      flow.resetCleared();
      toast.success(answer.message);
      await flow.navigate('/login', { replace: true });
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="Set a new password"
      subtitle="Choose a password of at least 8 characters. You will sign in with it next."
      footer={
        <Link className="auth-link" to="/login">
          Back to sign in
        </Link>
      }
    >
      {resetToken ? (
        <form
          className="auth-form"
          noValidate
          onFocus={() => void loadConfirmApi().catch(() => undefined)}
          onSubmit={(event) => void submit(event)}
        >
          <AuthPasswordField {...field('newPassword')} label="New password" autoComplete="new-password" required />
          <AuthPasswordField
            {...field('confirmNewPassword')}
            label="Confirm new password"
            autoComplete="new-password"
            required
          />
          <SubmitButton loading={submitting}>Set new password</SubmitButton>
        </form>
      ) : (
        <p className="auth-notice" role="status">
          This step needs a verified code.{' '}
          <Link className="auth-link" to="/reset-password">
            Request a reset code
          </Link>{' '}
          first.
        </p>
      )}
    </AuthCard>
  );
}
