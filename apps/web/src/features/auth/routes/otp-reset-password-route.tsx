import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { deferred } from '../../../lib/deferred';
import { errorMessage } from '../../../lib/http/error-message';
import { useFormFields } from '../../../lib/forms/use-form-fields';
import { useAuthFlow } from '../auth-flow';
import { AuthCard } from '../components/auth-card';
import { AuthField } from '../components/auth-field';
import { SubmitButton } from '../components/submit-button';

/** The contract's RESET_CODE_LENGTH; repeated here so the screen renders before the contract loads. */
const CODE_LENGTH = 6;

const loadResetPasswordApi = deferred(() => import('../api/reset-password'));

export function OtpResetPasswordRoute() {
  const flow = useAuthFlow();
  const { Link, reset } = flow;
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);
  // Someone who reloaded or came by link types the identifier again; otherwise it is carried over.
  const { values, field, setErrors } = useFormFields({ identifier: reset.identifier ?? '', code: '' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    try {
      const { callOtpResetPassword, validateResetCode } = await loadResetPasswordApi();
      const checked = validateResetCode(values);
      if (!checked.success) {
        setErrors(checked.errors);
        return;
      }
      const answer = await callOtpResetPassword(checked.data);
      flow.resetMerged({ identifier: checked.data.identifier, ...answer.data });
      toast.success(answer.message);
      await flow.navigate('/complete-reset-password');
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  }

  async function resendCode() {
    const identifier = values.identifier.trim();
    if (!identifier) {
      setErrors({ identifier: 'Enter your email address or phone number' });
      return;
    }
    setResending(true);
    try {
      const { callResetPassword } = await loadResetPasswordApi();
      const answer = await callResetPassword({ identifier });
      toast.success(answer.message);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setResending(false);
    }
  }

  return (
    <AuthCard
      title="Enter your code"
      subtitle={
        reset.identifier
          ? `We sent a ${CODE_LENGTH}-digit code to the email address of ${reset.identifier}. It expires in 10 minutes.`
          : `Enter the ${CODE_LENGTH}-digit code from the email we sent you.`
      }
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
        {!reset.identifier && (
          <AuthField {...field('identifier')} label="Email or phone number" autoComplete="email" required />
        )}
        <AuthField
          {...field('code')}
          label={`${CODE_LENGTH}-digit code`}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={CODE_LENGTH}
          required
        />
        <SubmitButton loading={submitting}>Verify code</SubmitButton>
        <button
          type="button"
          className="plain-button plain-button--text"
          disabled={resending}
          aria-busy={resending}
          onClick={() => void resendCode()}
        >
          {resending && <span className="spinner" aria-hidden="true" />}
          Send a new code
        </button>
      </form>
    </AuthCard>
  );
}
