import { StrictMode } from 'react';
import { createBrowserRouter } from 'react-router';
import { prefetchDashboardSummary } from '../features/dashboard/api/dashboard-summary';
import { getConfig } from '../lib/config';
import { resetPasswordMerged, type ResetPasswordState } from '../lib/session/auth-slice';
import { App } from './app';
import { registerHomePrefetch } from './home-prefetch';
import { routes } from './routes';
import { createAppStore } from './store';
import { takeOverPage } from './take-over-page';
import { dismissToastsOnScreenChange } from './toasts-follow-screens';

export { loadProtectedArea } from './protected-area';

/** A guest page handing over to the app (decision 042). */
export interface GuestHandOver {
  /** Unmounts the guest's screen, just before the app's first commit. */
  unmount: () => void;
  /** What the reset steps carry to the next one. */
  reset: ResetPasswordState;
}

/**
 * Creates the store and the router and starts the app in `container`, at the address's page.
 * A guest page hands over with `guest`: its toasts and notices stay, the app shows none of its own.
 */
export function startApp(container: HTMLElement, guest?: GuestHandOver): Promise<void> {
  const store = createAppStore();
  if (guest) store.dispatch(resetPasswordMerged(guest.reset));

  // Signed in, the home asks for its summary while its chunks are still arriving.
  registerHomePrefetch(() => {
    if (store.getState().auth.isAuthenticated) store.dispatch(prefetchDashboardSummary());
  });

  const router = createBrowserRouter(routes, { basename: getConfig().basePath });
  dismissToastsOnScreenChange(router);

  const app = (
    <StrictMode>
      <App store={store} router={router} notices={!guest} />
    </StrictMode>
  );
  return takeOverPage(container, app, {
    router,
    signedIn: store.getState().auth.isAuthenticated,
    handOver: guest?.unmount,
  });
}
