import { useState, type MouseEvent, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import Logout from '@mui/icons-material/Logout';
import DarkMode from '@mui/icons-material/DarkMode';
import LightMode from '@mui/icons-material/LightMode';
import { useConsoleMode } from '../console-theme';
import { BrandLogo } from '../../components/brand-logo';
import { getConfig } from '../../lib/config';
import { CONSOLE_HOME } from '../session/operator-guards';
import { selectOperatorSession } from '../session/operator-session-slice';
import { useOperatorSignOut } from '../session/use-operator-sign-out';
import { ConsoleNav } from './console-nav';

const NAV_WIDTH = 240;
const BAR_HEIGHT = 64;

/**
 * The console's frame: a top bar (brand, who is signed in, Sign out), the sections (a
 * permanent column from md up, a drawer the menu button opens below), and the screen.
 */
export function ConsoleFrame({ children }: { children: ReactNode }) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [menuOpen, setMenuOpen] = useState(false);
  const { operator } = useSelector(selectOperatorSession);
  const signOut = useOperatorSignOut();
  const { brandName } = getConfig();
  const { mode, toggle } = useConsoleMode();

  const nav = (
    <Box component="nav" aria-label="Console" sx={{ px: 1.5, py: 1 }}>
      <ConsoleNav onSelect={wide ? undefined : () => setMenuOpen(false)} />
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}>
      <Box
        component="a"
        href="#console-main"
        // The page has a <base href>: a bare "#console-main" link would leave for the base path.
        onClick={(event: MouseEvent) => {
          event.preventDefault();
          document.getElementById('console-main')?.focus();
        }}
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (t) => t.zIndex.tooltip,
          bgcolor: 'background.paper',
          color: 'primary.dark',
          px: 2,
          py: 1,
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        Skip to the screen
      </Box>
      <AppBar
        position="fixed"
        color="inherit"
        elevation={0}
        sx={{
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
          zIndex: (t) => t.zIndex.drawer + 1,
        }}
      >
        <Toolbar sx={{ minHeight: { xs: BAR_HEIGHT }, gap: 1, px: { xs: 1, sm: 2 } }}>
          {!wide && (
            <IconButton
              aria-label="Console menu"
              aria-controls="console-menu"
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen((open) => !open)}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Stack
            component={RouterLink}
            to={CONSOLE_HOME}
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', color: 'inherit', textDecoration: 'none', minWidth: 0 }}
          >
            <BrandLogo color="primary" />
            <Typography
              variant="h6"
              component="span"
              noWrap
              sx={{ fontWeight: 700, fontSize: { xs: '1rem', sm: '1.2rem' } }}
            >
              {brandName}
            </Typography>
            <Typography component="span" variant="body2" sx={{ color: 'primary.dark', fontWeight: 600 }}>
              Console
            </Typography>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ ml: 'auto', alignItems: 'center', minWidth: 0 }}>
            {operator && (
              <Typography
                variant="body2"
                color="text.secondary"
                noWrap
                sx={{ display: { xs: 'none', sm: 'block' }, minWidth: 0 }}
              >
                {operator.firstName} {operator.lastName} ({operator.username})
              </Typography>
            )}
            <IconButton
              aria-label="Dark theme"
              aria-pressed={mode === 'dark'}
              title={mode === 'dark' ? 'Switch to the light theme' : 'Switch to the dark theme'}
              onClick={toggle}
            >
              {mode === 'dark' ? <LightMode /> : <DarkMode />}
            </IconButton>
            <Button
              onClick={signOut}
              startIcon={<Logout />}
              color="inherit"
              sx={{ flexShrink: 0, display: { xs: 'none', sm: 'inline-flex' } }}
            >
              Sign out
            </Button>
            <IconButton aria-label="Sign out" onClick={signOut} sx={{ display: { xs: 'inline-flex', sm: 'none' } }}>
              <Logout />
            </IconButton>
          </Stack>
        </Toolbar>
      </AppBar>
      {wide ? (
        <Drawer
          variant="permanent"
          sx={{ width: NAV_WIDTH, flexShrink: 0 }}
          slotProps={{ paper: { sx: { width: NAV_WIDTH, bgcolor: 'background.paper' } } }}
        >
          <Toolbar sx={{ minHeight: { xs: BAR_HEIGHT } }} />
          <div id="console-menu">{nav}</div>
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          slotProps={{ paper: { id: 'console-menu', 'aria-label': 'Console menu', sx: { width: NAV_WIDTH } } }}
        >
          {nav}
        </Drawer>
      )}
      <Box
        component="main"
        id="console-main"
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, mt: `${BAR_HEIGHT}px`, p: { xs: 2, sm: 3 }, outline: 'none' }}
      >
        {children}
      </Box>
    </Box>
  );
}
