import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { ZNewPassword } from '@agentdesk/contract/fields';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BrandLogo } from '../../components/brand-logo';
import { PasswordField } from '../../components/password-field';
import { getConfig } from '../../lib/config';
import { useFormFields } from '../../lib/forms/use-form-fields';
import { callMutation } from '../../lib/http/call-mutation';
import { errorMessage, fieldErrors } from '../../lib/http/error-message';
import { usePageTitle } from '../../lib/use-page-title';
import { operatorsApi } from '../api/operators';
import { operatorSignedIn } from '../session/operator-session-slice';
import { useAdminDispatch } from '../store-hooks';

/** The invitation's token, from the address's fragment (`#token=...`), which browsers never send to a server. */
export function inviteTokenFrom(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim();
  return token ? token : null;
}

/**
 * /admin/accept-invite#token=...: the page an invited operator opens from their email. They
 * choose their password (POST /api/v1/admin/auth/accept-invite) and are signed in by its
 * answer; the guest guard then takes them to the console.
 */
export function AcceptInviteRoute() {
  usePageTitle('Set your password');
  const dispatch = useAdminDispatch();
  const { hash } = useLocation();
  // Kept once read (the fragment leaves the address bar below); a new link opened in this tab replaces it.
  const fromHash = inviteTokenFrom(hash);
  const [token, setToken] = useState(fromHash);
  if (fromHash && fromHash !== token) setToken(fromHash);
  const { values, field, setErrors } = useFormFields({ newPassword: '', confirmNewPassword: '' });
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { brandName } = getConfig();

  // The token leaves the address bar (and so the history and bookmarks) once it is read.
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [hash]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !token) return;
    setRefusal(null);
    const checked = ZNewPassword.safeParse(values.newPassword);
    if (!checked.success) {
      setErrors({ newPassword: checked.error.issues[0]?.message ?? 'Password is not valid' });
      return;
    }
    if (values.confirmNewPassword !== values.newPassword) {
      setErrors({ confirmNewPassword: 'Passwords do not match' });
      return;
    }
    setBusy(true);
    try {
      const answer = await callMutation(
        dispatch(operatorsApi.endpoints.acceptOperatorInvite.initiate({ token, newPassword: checked.data })),
      );
      const { user, authorization } = answer.data;
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
      const fields = fieldErrors(error);
      if (fields?.newPassword) setErrors({ newPassword: fields.newPassword });
      else setRefusal(errorMessage(error));
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
          Set your password
        </Typography>
        {token ? (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
              You were invited to operate {brandName}. Choose the password you will sign in with, together with the
              username in your invitation email.
            </Typography>
            {refusal && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {refusal}
              </Alert>
            )}
            <form noValidate onSubmit={(event) => void submit(event)} aria-label="Set your password">
              <PasswordField {...field('newPassword')} label="New password" autoComplete="new-password" required />
              <PasswordField
                {...field('confirmNewPassword')}
                label="Confirm new password"
                autoComplete="new-password"
                required
              />
              <Button type="submit" variant="contained" size="large" fullWidth loading={busy} sx={{ mt: 2 }}>
                Set password and sign in
              </Button>
            </form>
          </>
        ) : (
          <Alert severity="error" sx={{ mt: 2 }}>
            This link is incomplete. Open the link in your invitation email again, or ask an owner for a new invitation.
          </Alert>
        )}
      </Paper>
    </Box>
  );
}
