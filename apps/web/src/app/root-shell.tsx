import { useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { selectBorderRadius, selectFontFamily } from '../features/customization/customization-slice';
import { Outlet, useLocation } from 'react-router';
import { authError } from '../lib/session/auth-slice';
import { SESSION_KEY } from '../lib/session/session-storage';

/** Behaviour shared by every screen: scroll to top on navigation, sign-out across tabs, theme variables. */
export function RootShell() {
  const { pathname } = useLocation();
  const dispatch = useDispatch();

  // Spec section 2: the page scrolls smoothly to the top on each route change. Not on the first
  // screen, which is at the top already (or where a reload left it): scrolling makes the browser
  // lay the page out at once, about 50 ms on a slow phone while the app is starting.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);

  // Signing out in one tab signs out the others, instead of leaving them on a dead token.
  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.key === SESSION_KEY && event.newValue === null) dispatch(authError());
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [dispatch]);

  // The plain (pre-MUI) screens follow the chosen font and radius through CSS variables.
  const fontFamily = useSelector(selectFontFamily);
  const borderRadius = useSelector(selectBorderRadius);
  useEffect(() => {
    document.documentElement.style.setProperty('--app-font', fontFamily);
    document.documentElement.style.setProperty('--app-radius', `${borderRadius}px`);
  }, [fontFamily, borderRadius]);

  return <Outlet />;
}
