import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { prefetchDashboardSummary } from '../features/dashboard/api/dashboard-summary';
import { getConfig } from '../lib/config';
import { registerHomePrefetch } from './home-prefetch';
import { LoadTrouble } from './load-trouble';
import { routes } from './routes';
import { createAppStore } from './store';
import { LaterToasts } from './later-toasts';
import { dismissToastsOnScreenChange } from './toasts-follow-screens';

const store = createAppStore();

// Signed in, the home asks for its summary while its chunks are still arriving.
registerHomePrefetch(() => {
  if (store.getState().auth.isAuthenticated) store.dispatch(prefetchDashboardSummary());
});

const router = createBrowserRouter(routes, { basename: getConfig().basePath });
dismissToastsOnScreenChange(router);

export function App() {
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
      <LaterToasts />
      <LoadTrouble />
    </Provider>
  );
}
