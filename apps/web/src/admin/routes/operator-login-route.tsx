import { useState, type FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router';
import { ZLoginRequest } from '@agentdesk/contract/auth/login';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BrandLogo } from '../../components/brand-logo';
import { PasswordField } from '../../components/password-field';
import { TextInput } from '../../components/text-input';
import { getConfig } from '../../lib/config';
import { useFormFields } from '../../lib/forms/use-form-fields';
import { validate } from '../../lib/forms/validate';
import { callMutation } from '../../lib/http/call-mutation';
import { errorMessage } from '../../lib/http/error-message';
import { usePageTitle } from '../../lib/use-page-title';
import { useAdminDispatch } from '../store-hooks';
import { operatorAuthApi } from '../api/operator-auth';
import { operatorSignedIn, selectOperatorSession, type SessionEnd } from '../session/operator-session-slice';

const ENDED: Record<SessionEnd, string> = {
  'signed-out': 'You have signed out of the console.',
  expired: 'Your session has ended. Sign in again to continue.',
  elsewhere: 'You signed out of the console in another tab.',
};

/**
 * The operator's sign-in (POST /api/v1/admin/auth/login). The server refuses anyone but an
 * operator, an agent included, and its message is shown as it is.
 */
export function OperatorLoginRoute() {
  usePageTitle('Operator sign-in');
  const dispatch = useAdminDispatch();
  const { ended } = useSelector(selectOperatorSession);
  const { values, field, setErrors } = useFormFields({ identifier: '', password: '' });
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { brandName } = getConfig();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setRefusal(null);
    const checked = validate(ZLoginRequest, values);
    if (!checked.success) {
      setErrors(checked.errors);
      return;
    }
    setBusy(true);
    try {
      const answer = await callMutation(dispatch(operatorAuthApi.endpoints.operatorLogin.initiate(checked.data)));
      const { user, authorization } = answer.data;
      // The guest guard takes the operator on to the page they wanted once this lands.
      dispatch(
        operatorSignedIn({
          token: authorization.token,
          expiresAt: authorization.expiresAt,
          operator: {
            id: user.id,
            firstName: user.firstName,
            lastName: user.lastName,
            username: user.username,
            role: user.operatorRole,
          },
        }),
      );
    } catch (error) {
      setRefusal(errorMessage(error));
      setBusy(false);
    }
  }

  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <BrandLogo color="primary" fontSize="large" />
          <Typography component="span" variant="h6" sx={{ fontWeight: 700 }}>
            {brandName} Console
          </Typography>
        </Stack>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
          Operator sign-in
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
          For the provider’s staff. Agents sign in to the{' '}
          <Link component={RouterLink} to="/login">
            dashboard
          </Link>
          .
        </Typography>
        {ended && !refusal && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {ENDED[ended]}
          </Alert>
        )}
        {refusal && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {refusal}
          </Alert>
        )}
        <form noValidate onSubmit={(event) => void submit(event)} aria-label="Operator sign-in">
          <TextInput {...field('identifier')} label="Email, username or phone" autoComplete="username" required />
          <PasswordField {...field('password')} label="Password" autoComplete="current-password" required />
          <Button type="submit" variant="contained" size="large" fullWidth loading={busy} sx={{ mt: 2 }}>
            Sign in
          </Button>
        </form>
      </Paper>
    </Box>
  );
}
