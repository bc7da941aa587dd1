import { useState } from 'react';
import { useSelector } from 'react-redux';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockReset from '@mui/icons-material/LockReset';
import Logout from '@mui/icons-material/Logout';
import { PageHeader } from '../../../components/page-header';
import { selectUser } from '../../../lib/session/auth-slice';
import { useLogout } from '../../../lib/session/use-logout';
import { initials } from '../../../lib/initials';
import { ChangePasswordDialog } from '../components/change-password-dialog';
import { IdentitySection } from '../components/identity-section';
import { TransactionPinSection } from '../components/transaction-pin-section';

export function ProfileRoute() {
  const user = useSelector(selectUser);
  const logout = useLogout();
  const [changingPassword, setChangingPassword] = useState(false);
  if (!user) return null;
  const fullName = `${user.firstName} ${user.lastName}`;

  const details = [
    { label: 'Username', value: user.username },
    { label: 'Phone number', value: user.phone },
    { label: 'Email address', value: user.email },
  ];

  return (
    <>
      <PageHeader title="Profile" subtitle="Your account details and password" />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
          <Avatar aria-hidden="true" sx={{ width: 80, height: 80, fontSize: 32, bgcolor: 'secondary.main' }}>
            {initials(user)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {fullName}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              @{user.username}
            </Typography>
          </Box>
        </Stack>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: 1, my: 3 }}
        >
          {details.map((detail) => (
            <Box key={detail.label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {detail.label}
              </Typography>
              <Typography component="dd" variant="body1" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
                {detail.value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button variant="contained" startIcon={<LockReset />} onClick={() => setChangingPassword(true)}>
            Change Password
          </Button>
          <Button variant="outlined" color="error" startIcon={<Logout />} onClick={logout}>
            Log Out
          </Button>
        </Stack>
        <TransactionPinSection />
        <IdentitySection />
      </Paper>
      {changingPassword && <ChangePasswordDialog onClose={() => setChangingPassword(false)} />}
    </>
  );
}
