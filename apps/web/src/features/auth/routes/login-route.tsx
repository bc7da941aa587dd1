import { useState, type FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { deferred } from '../../../lib/deferred';
import { callMutation } from '../../../lib/http/call-mutation';
import { errorMessage } from '../../../lib/http/error-message';
import { useFormFields } from '../../../lib/forms/use-form-fields';
import { loginFailure, loginSuccess, selectAuth, userLoading } from '../../../lib/session/auth-slice';
import { useThunkDispatch } from '../../../lib/use-thunk-dispatch';
import { AuthCard } from '../components/auth-card';
import { AuthField } from '../components/auth-field';
import { AuthPasswordField } from '../components/auth-password-field';
import { SubmitButton } from '../components/submit-button';

const loadLoginApi = deferred(() => import('../api/login'));

export function LoginRoute() {
  const dispatch = useThunkDispatch();
  const { isLoading } = useSelector(selectAuth);
  const [preparing, setPreparing] = useState(false);
  const { values, field, setErrors } = useFormFields({ identifier: '', password: '' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPreparing(true);
    try {
      const { loginApi, validateLogin } = await loadLoginApi();
      const checked = validateLogin(values);
      if (!checked.success) {
        setErrors(checked.errors);
        return;
      }
      dispatch(userLoading());
      try {
        const answer = await callMutation(dispatch(loginApi.endpoints.login.initiate(checked.data)));
        // The guest guard sends the person on to the page they wanted once this lands.
        dispatch(loginSuccess({ token: answer.data.authorization.token, user: answer.data.user }));
        toast.success(answer.message);
      } catch (error) {
        dispatch(loginFailure());
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
        <SubmitButton loading={isLoading || preparing}>Sign in</SubmitButton>
      </form>
    </AuthCard>
  );
}
