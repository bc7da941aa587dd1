import AppBar from '@mui/material/AppBar';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import MenuIcon from '@mui/icons-material/Menu';
import Tune from '@mui/icons-material/Tune';
import { BrandLogo } from '../../components/brand-logo';
import { getConfig } from '../../lib/config';
import { ChatButton } from '../../features/support/components/chat-button';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { ProfileMenu } from './profile-menu';
import { Hint } from '../../components/hint';

export function TopBar({
  menuOpen,
  onToggleMenu,
  onOpenSettings,
}: {
  menuOpen: boolean;
  onToggleMenu: () => void;
  onOpenSettings: () => void;
}) {
  const { brandName } = getConfig();
  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={{ bgcolor: 'background.paper', zIndex: (t) => t.zIndex.drawer + 1 }}
    >
      <Toolbar sx={{ minHeight: { xs: 72 }, gap: { xs: 0.75, sm: 2 }, px: { xs: 1.5, sm: 3 } }}>
        <Stack
          component={RouterLink}
          to="/"
          direction="row"
          spacing={1}
          sx={{
            alignItems: 'center',
            color: 'inherit',
            textDecoration: 'none',
            width: { lg: 228 },
            minWidth: 0,
            flexShrink: 1,
          }}
        >
          <BrandLogo color="primary" />
          {/* Smaller on a phone, so the product name fits beside the buttons at 360 px. */}
          <Typography
            variant="h6"
            component="span"
            noWrap
            sx={{ fontWeight: 700, minWidth: 0, fontSize: { xs: '1.0625rem', sm: '1.25rem' } }}
          >
            {brandName}
          </Typography>
        </Stack>
        <IconButton
          aria-label="Toggle menu"
          aria-controls="main-menu"
          aria-expanded={menuOpen}
          onClick={onToggleMenu}
          sx={{
            bgcolor: 'secondary.light',
            color: 'secondary.dark',
            borderRadius: 2,
            '&:hover': { bgcolor: 'secondary.main', color: 'common.white' },
          }}
        >
          <MenuIcon />
        </IconButton>
        <Stack direction="row" spacing={{ xs: 0.75, sm: 2 }} sx={{ ml: 'auto', alignItems: 'center' }}>
          <NotificationBell />
          <ChatButton />
          {/* In the bar rather than floating over the page, where it covered the amounts at the
              end of Transactions' and My Referral's rows. Not on a phone, where the bar is full:
              there the account menu's "Account Settings" opens the same drawer. */}
          <Hint title="Theme Customization">
            <IconButton
              aria-label="Open theme customization"
              onClick={onOpenSettings}
              sx={{ display: { xs: 'none', md: 'inline-flex' } }}
            >
              <Tune />
            </IconButton>
          </Hint>
          <ProfileMenu onOpenSettings={onOpenSettings} />
        </Stack>
      </Toolbar>
    </AppBar>
  );
}
