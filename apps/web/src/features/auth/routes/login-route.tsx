import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { deferred } from '../../../lib/deferred';
import { errorMessage } from '../../../lib/http/error-message';
import { useFormFields } from '../../../lib/forms/use-form-fields';
import { useAuthFlow } from '../auth-flow';
import { AuthCard } from '../components/auth-card';
import { AuthField } from '../components/auth-field';
import { AuthPasswordField } from '../components/auth-password-field';
import { SubmitButton } from '../components/submit-button';

const loadLoginApi = deferred(() => import('../api/login'));

export function LoginRoute() {
  const flow = useAuthFlow();
  const { Link } = flow;
  const [preparing, setPreparing] = useState(false);
  const { values, field, setErrors } = useFormFields({ identifier: '', password: '' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPreparing(true);
    try {
      const { callLogin, validateLogin } = await loadLoginApi();
      const checked = validateLogin(values);
      if (!checked.success) {
        setErrors(checked.errors);
        return;
      }
      flow.signingIn();
      try {
        const answer = await callLogin(checked.data);
        // The person goes on to the page they wanted once this lands.
        flow.signedIn({ token: answer.data.authorization.token, user: answer.data.user });
        toast.success(answer.message);
      } catch (error) {
        flow.signInFailed();
        toast.error(errorMessage(error));
      }
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPreparing(false);
    }
  }

  return (
    <AuthCard
      title="Sign in"
      subtitle="Enter your details to continue"
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link className="auth-link" to="/register">
            Create an account
          </Link>
        </>
      }
    >
      <form
        className="auth-form"
        noValidate
        onFocus={() => void loadLoginApi().catch(() => undefined)}
        onSubmit={(event) => void submit(event)}
      >
        <AuthField {...field('identifier')} label="Email, username or phone" autoComplete="username" required />
        <AuthPasswordField {...field('password')} label="Password" autoComplete="current-password" required />
        <Link className="auth-link auth-aside" to="/reset-password">
          Forgot password?
        </Link>
        <SubmitButton loading={flow.busy || preparing}>Sign in</SubmitButton>
      </form>
    </AuthCard>
  );
}
