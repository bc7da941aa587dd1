import { StrictMode } from 'react';
import { createBrowserRouter } from 'react-router';
import { prefetchDashboardSummary } from '../features/dashboard/api/dashboard-summary';
import { getConfig } from '../lib/config';
import { earlyDataSettled } from '../lib/http/early-answer';
import { nextTask } from '../lib/next-task';
import { resetPasswordMerged, type ResetPasswordState } from '../lib/session/auth-slice';
import { App } from './app';
import { registerPrefetch } from './route-prefetch';
import { routes } from './routes';
import { createAppStore } from './store';
import { takeOverPage } from './take-over-page';
import { dismissToastsOnScreenChange } from './toasts-follow-screens';

export { loadProtectedArea } from './protected-area';

/**
 * How long the take-over of the prerendered home waits for the data it asked for early to be in
 * the store (the early answers are there, the summary's parser may be arriving): drawn with it,
 * the home is drawn once, not once empty and again, all of it, on a slow phone's busiest moment.
 */
const HOME_DATA_WAIT_MS = 1000;

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
export async function startApp(container: HTMLElement, guest?: GuestHandOver): Promise<void> {
  // Each step runs much code for the first time: in tasks of their own, the phone stays
  // responsive in between (decision 048). First, apart from evaluating the modules.
  await nextTask();
  const store = createAppStore();
  if (guest) store.dispatch(resetPasswordMerged(guest.reset));

  // Signed in, the frame and the home ask for their data while their chunks are still arriving.
  const signedIn = () => store.getState().auth.isAuthenticated;
  registerPrefetch('frame', () => {
    if (!signedIn()) return;
    void import('../lib/session/session-api').then((module) => store.dispatch(module.prefetchMe()));
    void import('../features/notifications/api/notifications').then((module) =>
      store.dispatch(module.prefetchUnreadNotificationCount()),
    );
  });
  registerPrefetch('home', () => {
    if (!signedIn()) return;
    store.dispatch(prefetchDashboardSummary());
    void import('../lib/wallet/wallet-balance-api').then((module) => store.dispatch(module.prefetchWalletBalance()));
    // The home's unread notes, with the count the frame asks for rather than after it.
    void import('../features/notifications/api/notifications').then((module) =>
      store.dispatch(module.prefetchNewestNotifications()),
    );
  });

  await nextTask();
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
    dataReady: () => earlyDataSettled(store, HOME_DATA_WAIT_MS),
  });
}
