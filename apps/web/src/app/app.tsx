import { Provider } from 'react-redux';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { PageNotices } from './page-notices';
import type { AppStore } from './store';

/** A data router: the browser's in the app, a memory one when the build prerenders a page. */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The whole app for a store and a router. The browser (start-app.tsx) and the build's
 * prerender (prerender/render-pages.tsx) render this same tree, so that a prerendered sign-in
 * page hydrates: the same components in the same places give the same `useId` ids.
 * `notices={false}` leaves the toasts and the load notice out: a guest page handing over to
 * the app (decision 042) keeps its own.
 */
export function App({ store, router, notices = true }: { store: AppStore; router: AppRouter; notices?: boolean }) {
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
      {notices && <PageNotices />}
    </Provider>
  );
}
