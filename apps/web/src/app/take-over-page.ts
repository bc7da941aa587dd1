import { createElement, startTransition, useLayoutEffect, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { setFirstCommitUnderWay } from '../lib/first-commit';
import type { AppRouter } from './app';
import { subscribeLoadTrouble } from './load-trouble';

/**
 * Starts the app in `#root`, taking over what the page shows (decisions 039 and 042):
 *
 * - the dashboard's frame the build prerendered for a signed-in visitor
 *   (`#root[data-prerendered="signed-in"]`), without anyone's data and inert;
 * - a guest page's sign-in screen handing over to the app (`handOver`: the guest's root is
 *   unmounted just before the app's first commit), after a sign-in or on the way to the next
 *   reset step.
 *
 * Either stays until the route's code has arrived, rather than the loading logo; the app then
 * renders over it in one commit, so the page is never empty. The frame's stylesheet
 * (`link[data-prerendered-css]`) stays: the app's styles are the same (decision 048), and its
 * emotion cache counts those the page lists as inserted. Code that fails to arrive is said at once
 * (decision 007): the app then takes the page over to say so. A page drawn for the other kind
 * of visitor (hidden by base.css, from the boot script's `html[data-visitor]`) or not
 * prerendered at all (index.html) is rendered over at once.
 */
export async function takeOverPage(
  container: HTMLElement,
  app: ReactNode,
  {
    router,
    signedIn,
    handOver,
    dataReady,
  }: {
    router: AppRouter;
    signedIn: boolean;
    handOver?: () => void;
    /** Settles when the data the first screen asked for is in (or has waited long enough). */
    dataReady?: () => Promise<void>;
  },
): Promise<void> {
  const keep = handOver !== undefined || (signedIn && container.dataset.prerendered === 'signed-in');
  if (keep && !router.state.initialized)
    await new Promise<void>((resolve) => {
      const stops = [router.subscribe((state) => state.initialized && done()), subscribeLoadTrouble(done)];
      function done() {
        for (const stop of stops) stop();
        resolve();
      }
    });
  const root = createRoot(container);
  const done = () => {
    container.inert = false;
    delete container.dataset.prerendered;
  };
  if (!keep || handOver || !router.state.initialized) {
    // The guest's root leaves the container just before the app's first commit, at once; a
    // page hidden or not prerendered, or whose code could not be fetched, is drawn over at once.
    handOver?.();
    flushSync(() => root.render(app));
    return done();
  }
  // The prerendered frame stays until the first commit, which clears the container: no moment
  // without either page. Its route's code is here, and the data it asked for about to be (the
  // screen is drawn once, with it, decision 048), so the first render, as a transition, yields
  // to the browser every few milliseconds instead of holding a slow phone's main thread for all
  // of it (decision 047).
  await dataReady?.();
  setFirstCommitUnderWay(true);
  await new Promise<void>((resolve) => {
    startTransition(() => root.render(createElement(Committed, { onCommit: resolve }, app)));
  });
  setFirstCommitUnderWay(false);
  done();
}

/** Says when its children are first committed, before the browser paints them. */
function Committed({ onCommit, children }: { onCommit: () => void; children?: ReactNode }) {
  useLayoutEffect(onCommit, [onCommit]);
  return children;
}
