import { Provider } from 'react-redux';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { LaterToasts } from './later-toasts';
import { LoadTrouble } from './load-trouble';
import type { AppStore } from './store';

/** A data router: the browser's in the app, a memory one when the build prerenders a page. */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The whole app for a store and a router. The browser (start-app.tsx) and the build's
 * prerender (prerender/render-pages.tsx) render this same tree, so that a prerendered sign-in
 * page hydrates: the same components in the same places give the same `useId` ids.
 */
export function App({ store, router }: { store: AppStore; router: AppRouter }) {
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
      <LaterToasts />
      <LoadTrouble />
    </Provider>
  );
}
