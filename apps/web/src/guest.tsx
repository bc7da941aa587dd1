// First: zod must be jitless before any schema exists (the CSP forbids its eval probe).
import './app/zod-jitless';
// The same faces and base styles as the app's entry (main.tsx): the app takes this page over.
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import '@fontsource/poppins/400.css';
import '@fontsource/poppins/500.css';
import '@fontsource/poppins/700.css';
import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/700.css';
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadWithNotice } from './app/lazy-screen';
import { PageNotices } from './app/page-notices';
import { loadSession } from './lib/session/session-storage';
import type { HandOverTo } from './guest/guest-auth-flow';

/**
 * The guest entry (decision 042): what /login, /register and /reset-password load first. It
 * hydrates the prerendered sign-in screen with the app's own screen components, without React
 * Router, Redux or RTK Query, and hands the page over to the app (main.tsx's start-app) when the
 * app is needed: after signing in, on the way to the next reset step, or at once for someone
 * signed in. The app's code is fetched while the form is being filled in. The screen's code is
 * a chunk of its own, preloaded with this one: if it fails to arrive, the page says so with Retry
 * (decision 007) instead of leaving a form that does nothing.
 */
const container = document.getElementById('root');
if (!container) throw new Error('the page has no #root element');

const importApp = () => import('./app/start-app');
let app: ReturnType<typeof importApp> | undefined;
/** The app's code, at most once, retried with the "could not load" notice. */
function loadApp(): ReturnType<typeof importApp> {
  app ??= loadWithNotice(importApp).catch((error: unknown) => {
    app = undefined;
    throw error;
  });
  return app;
}

// Toasts and the load notice live beside the screen, and stay when the app takes over.
const notices = document.createElement('div');
document.body.append(notices);
createRoot(notices).render(
  <StrictMode>
    <PageNotices />
  </StrictMode>,
);

const startTheApp = () => void loadApp().then(({ startApp }) => startApp(container));

if (loadSession() !== null || container.dataset.prerendered !== 'signed-out') {
  // Someone signed in (the page is hidden by base.css), or not a guest page: the app's.
  startTheApp();
} else {
  loadWithNotice(() => import('./guest/guest-page')).then(({ appHref, GuestPage, screenAt }) => {
    const screen = screenAt(window.location.pathname);
    if (!screen) return startTheApp();
    const handOver = async ({ path, replace, reset }: HandOverTo) => {
      const href = appHref(path);
      try {
        const { startApp } = await loadApp();
        if (replace) window.history.replaceState(null, '', href);
        else window.history.pushState(null, '', href);
        await startApp(container, { unmount: () => root.unmount(), reset });
      } catch {
        // The app's code did not arrive in two minutes: a page load tries once more.
        window.location.assign(href);
      }
    };
    const onSigningIn = () => {
      void loadApp()
        .then(({ loadProtectedArea }) => loadProtectedArea())
        .catch(() => undefined);
    };
    const root = hydrateRoot(
      container,
      <GuestPage
        screen={screen}
        search={new URLSearchParams(window.location.search)}
        handOver={handOver}
        onSigningIn={onSigningIn}
      />,
    );
    delete container.dataset.prerendered;
    // Someone filling the form in will need the app: its code comes meanwhile.
    const prefetch = () => void importApp().catch(() => undefined);
    container.addEventListener('focusin', prefetch, { once: true });
    container.addEventListener('pointerdown', prefetch, { once: true });
  }, startTheApp);
}
