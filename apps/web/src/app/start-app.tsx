import { StrictMode } from 'react';
import { createBrowserRouter } from 'react-router';
import { prefetchDashboardSummary } from '../features/dashboard/api/dashboard-summary';
import { getConfig } from '../lib/config';
import { App } from './app';
import { registerHomePrefetch } from './home-prefetch';
import { routes } from './routes';
import { createAppStore } from './store';
import { takeOverPage } from './take-over-page';
import { dismissToastsOnScreenChange } from './toasts-follow-screens';

/** Creates the store and the router and starts the app in `container`. */
export function startApp(container: HTMLElement): Promise<void> {
  const store = createAppStore();

  // Signed in, the home asks for its summary while its chunks are still arriving.
  registerHomePrefetch(() => {
    if (store.getState().auth.isAuthenticated) store.dispatch(prefetchDashboardSummary());
  });

  const router = createBrowserRouter(routes, { basename: getConfig().basePath });
  dismissToastsOnScreenChange(router);

  const app = (
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>
  );
  return takeOverPage(container, app, { router, signedIn: store.getState().auth.isAuthenticated });
}
