import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { deferred } from '../../../lib/deferred';
import { errorMessage } from '../../../lib/http/error-message';
import { useFormFields } from '../../../lib/forms/use-form-fields';
import { useAuthFlow } from '../auth-flow';
import { AuthCard } from '../components/auth-card';
import { AuthField } from '../components/auth-field';
import { SubmitButton } from '../components/submit-button';

const loadResetPasswordApi = deferred(() => import('../api/reset-password'));

export function ResetPasswordRoute() {
  const flow = useAuthFlow();
  const { Link } = flow;
  const [submitting, setSubmitting] = useState(false);
  const { values, field, setErrors } = useFormFields({ identifier: '' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    try {
      const { callResetPassword, validateResetRequest } = await loadResetPasswordApi();
      const checked = validateResetRequest(values);
      if (!checked.success) {
        setErrors({ identifier: 'Enter your email address or phone number' });
        return;
      }
      const answer = await callResetPassword(checked.data);
      flow.resetMerged({ identifier: checked.data.identifier });
      toast.success(answer.message);
      await flow.navigate('/otp-reset-password');
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="Forgot password?"
      subtitle="Enter the email address or phone number of your account and we will email you a 6-digit code."
      footer={
        <Link className="auth-link" to="/login">
          Back to sign in
        </Link>
      }
    >
      <form
        className="auth-form"
        noValidate
        onFocus={() => void loadResetPasswordApi().catch(() => undefined)}
        onSubmit={(event) => void submit(event)}
      >
        <AuthField {...field('identifier')} label="Email or phone number" autoComplete="email" required />
        <SubmitButton loading={submitting}>Send reset code</SubmitButton>
        <p className="auth-footer" style={{ border: 0, marginTop: 8 }}>
          <Link className="auth-link" to="/otp-reset-password">
            I already have a code
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
