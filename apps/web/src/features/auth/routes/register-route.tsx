import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { deferred } from '../../../lib/deferred';
import { errorMessage, fieldErrors } from '../../../lib/http/error-message';
import { useFormFields } from '../../../lib/forms/use-form-fields';
import { useAuthFlow } from '../auth-flow';
import { AuthCard } from '../components/auth-card';
import { AuthField } from '../components/auth-field';
import { AuthPasswordField } from '../components/auth-password-field';
import { SubmitButton } from '../components/submit-button';

const loadRegisterApi = deferred(() => import('../api/register'));

const EMPTY = {
  firstName: '',
  lastName: '',
  username: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  referralCode: '',
};

export function RegisterRoute() {
  const flow = useAuthFlow();
  const { Link } = flow;
  const [preparing, setPreparing] = useState(false);
  // A referral link (`register?ref=CODE`) fills the code in; the person can still change it.
  const { values, field, setErrors } = useFormFields({
    ...EMPTY,
    referralCode: (flow.search.get('ref') ?? '').trim(),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPreparing(true);
    try {
      const { callRegister, validateRegister } = await loadRegisterApi();
      const checked = validateRegister(values);
      // The contract lets an empty confirmation through when the password is empty too (they
      // match); the agent still needs telling, in the contract's own words.
      const confirmMissing = values.confirmPassword === '';
      if (!checked.success || confirmMissing) {
        setErrors({
          ...(checked.success ? {} : checked.errors),
          ...(confirmMissing ? { confirmPassword: 'Confirm your password' } : {}),
        });
        return;
      }
      flow.signingIn();
      try {
        const answer = await callRegister(checked.data);
        flow.signedIn({ token: answer.data.authorization.token, user: answer.data.user });
        toast.success(answer.message);
      } catch (error) {
        flow.signInFailed();
        // Every field the server names (username, email and phone may all be taken) gets its
        // message beside it; the toast says it in words, without a field's technical name.
        const serverErrors = fieldErrors(error);
        if (serverErrors) setErrors(serverErrors);
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
      title="Create an account"
      subtitle="Start selling airtime, data, electricity, cable TV and exam PINs"
      footer={
        <>
          Already have an account?{' '}
          <Link className="auth-link" to="/login">
            Sign in
          </Link>
        </>
      }
    >
      <form
        className="auth-form"
        noValidate
        onFocus={() => void loadRegisterApi().catch(() => undefined)}
        onSubmit={(event) => void submit(event)}
      >
        <div className="auth-row">
          <AuthField {...field('firstName')} label="First name" autoComplete="given-name" required />
          <AuthField {...field('lastName')} label="Last name" autoComplete="family-name" required />
        </div>
        <AuthField {...field('username')} label="Username" autoComplete="username" required />
        <AuthField {...field('email')} label="Email address" type="email" autoComplete="email" required />
        <AuthField
          {...field('phone')}
          label="Phone number"
          type="tel"
          autoComplete="tel"
          placeholder="08031234567"
          required
        />
        <AuthPasswordField {...field('password')} label="Password" autoComplete="new-password" required />
        <AuthPasswordField
          {...field('confirmPassword')}
          label="Confirm password"
          autoComplete="new-password"
          required
        />
        <AuthField {...field('referralCode')} label="Referral code (optional)" autoComplete="off" />
        <SubmitButton loading={flow.busy || preparing}>Create account</SubmitButton>
      </form>
    </AuthCard>
  );
}
