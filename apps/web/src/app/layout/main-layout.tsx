import { lazy, Suspense, useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { menuOpenedSet, selectMenuOpened } from '../../features/customization/customization-slice';
import { AppBreadcrumbs } from './app-breadcrumbs';
import { DRAWER_WIDTH, Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { RequireAuth } from './require-auth';
import { ThemeRoot } from '../theme-root';
import { loadWithNotice } from '../lazy-screen';

/** The theme drawer's code (its radios and slider) comes when it is first opened, not with every page. */
const SettingsDrawer = lazy(() =>
  loadWithNotice(() => import('../../features/customization/components/settings-drawer')).then((m) => ({
    default: m.SettingsDrawer,
  })),
);

/**
 * The protected area's frame: top bar, left menu, breadcrumbs, the screen and the settings
 * drawer. Loaded as one chunk with MUI and the theme, which the sign-in screens never need.
 */
export function MainLayout() {
  return (
    <RequireAuth>
      <ThemeRoot>
        <Frame />
      </ThemeRoot>
    </RequireAuth>
  );
}

/**
 * The frame around the screen. The menu's place is written for the large breakpoint only (beside
 * the page from there up), so that the build, which prerenders the frame as on a large screen
 * (decision 039), draws it right for every width: below that breakpoint the menu is closed.
 */
export function Frame() {
  const theme = useTheme();
  const dispatch = useDispatch();
  const large = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const opened = useSelector(selectMenuOpened);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsAsked, setSettingsAsked] = useState(false);

  // Spec section 4: the menu follows the screen size, closed below the large breakpoint.
  useEffect(() => {
    dispatch(menuOpenedSet(large));
  }, [dispatch, large]);
  // Below the large breakpoint the temporary drawer opens only when asked: opening it for
  // the first frame (the state still holds its default) would leave the page hidden from
  // assistive technology.
  const [askedOnSmall, setAskedOnSmall] = useState(false);
  const menuOpen = opened && (large || askedOnSmall);

  const persistentOpen = large && menuOpen;

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.paper' }}>
      <TopBar
        menuOpen={menuOpen}
        onToggleMenu={() => {
          setAskedOnSmall(true);
          dispatch(menuOpenedSet(!menuOpen));
        }}
        onOpenSettings={() => {
          setSettingsAsked(true);
          setSettingsOpen(true);
        }}
      />
      <Sidebar open={menuOpen} persistent={large} onClose={() => dispatch(menuOpenedSet(false))} />
      <Box
        component="main"
        sx={{
          flexGrow: 1,
          minWidth: 0,
          width: { xs: '100%', lg: persistentOpen ? `calc(100% - ${DRAWER_WIDTH}px)` : '100%' },
          bgcolor: 'background.default',
          borderTopLeftRadius: { md: theme.shape.borderRadius },
          borderTopRightRadius: { md: theme.shape.borderRadius },
          mt: '72px',
          mr: { md: 2.5 },
          ml: { md: 2.5, lg: persistentOpen ? 0 : 2.5 },
          p: { xs: 2, sm: 3 },
          minHeight: 'calc(100dvh - 72px)',
          transition: theme.transitions.create(['margin', 'width'], { duration: theme.transitions.duration.shorter }),
        }}
      >
        <Toolbar sx={{ display: 'none' }} />
        <AppBreadcrumbs />
        <Outlet />
      </Box>
      {settingsAsked && (
        <Suspense fallback={null}>
          <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
