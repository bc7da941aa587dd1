import { nextTask } from '../lib/next-task';

/**
 * What a signed-in route's data is: asked for by the route's loader as soon as the route is
 * entered, in parallel with the screens' code, not by the screens once it has arrived. Drawn
 * with their data already asked for, the screens do not change the store as they mount, which
 * on a slow phone re-rendered them in the same long task as the app's first commit (decision 048).
 * The app registers how (it owns the store); without a registration (unit tests with their own
 * store) the routes ask nothing.
 */
type Prefetched = 'frame' | 'home';
const prefetches = new Map<Prefetched, () => void>();

export function registerPrefetch(what: Prefetched, start: () => void): void {
  prefetches.set(what, start);
}

/**
 * A loader that starts the requests and lets the navigation go on at once. They start in a task
 * of their own, after the router's: the first query runs much of Redux Toolkit's code for the
 * first time, which would lengthen the router's start (decision 048).
 */
function prefetchLoader(what: Prefetched): () => null {
  return () => {
    void nextTask().then(() => prefetches.get(what)?.());
    return null;
  };
}

/** The frame's loader (every signed-in page): the user and the unread count of the top bar. */
export const frameLoader = prefetchLoader('frame');
/** The home routes' loader: the summary, the balance and the newest notifications. */
export const homeLoader = prefetchLoader('home');
