import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { AppRouter } from './app';
import { subscribeLoadTrouble } from './load-trouble';

/**
 * Starts the app in `#root`, taking over the page the build prerendered for this path, if
 * any (decision 039). `#root[data-prerendered]` says whom the markup was drawn for:
 *
 * - `signed-out`: a sign-in screen, rendered by the same components as the app's, so a
 *   signed-out visitor's page is hydrated: its elements stay (what was typed too), and become
 *   live once the screen's code has arrived.
 * - `signed-in`: the dashboard's frame without anyone's data, inert. The app renders over it in
 *   one commit once the route's code has arrived, so the frame is replaced by the same frame,
 *   filled in; its stylesheet (`link[data-prerendered-css]`) goes with it.
 *
 * A page drawn for the other kind of visitor is hidden by base.css (from the boot script's
 * `html[data-visitor]`) and replaced at once; a page that was not prerendered (index.html) is
 * rendered at once.
 */
export async function takeOverPage(
  container: HTMLElement,
  app: ReactNode,
  { router, signedIn }: { router: AppRouter; signedIn: boolean },
): Promise<void> {
  const drawnFor = container.dataset.prerendered;
  const forThisVisitor = drawnFor === (signedIn ? 'signed-in' : 'signed-out');
  // Until the route's code is here, the prerendered page stays rather than the loading logo;
  // code that fails to arrive is said at once (decision 007): the app then takes the page over.
  if (forThisVisitor && !router.state.initialized)
    await new Promise<void>((resolve) => {
      const stops = [router.subscribe((state) => state.initialized && done()), subscribeLoadTrouble(done)];
      function done() {
        for (const stop of stops) stop();
        resolve();
      }
    });
  if (forThisVisitor && !signedIn && router.state.initialized) hydrateRoot(container, app);
  else {
    // The first commit clears the container: no moment without either page.
    flushSync(() => createRoot(container).render(app));
    for (const link of document.querySelectorAll('link[data-prerendered-css]')) link.remove();
  }
  container.inert = false;
  delete container.dataset.prerendered;
}
