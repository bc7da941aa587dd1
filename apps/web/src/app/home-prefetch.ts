/**
 * The home's data, asked for by its route as soon as the route is entered: in parallel with
 * the screen's code, not after it has arrived. The app registers how (it owns the store);
 * without a registration (unit tests with their own store) the route asks nothing.
 */
let prefetch: (() => void) | undefined;

export function registerHomePrefetch(start: () => void): void {
  prefetch = start;
}

/** The home routes' loader: starts the data request and lets the navigation go on at once. */
export function homeLoader(): null {
  prefetch?.();
  return null;
}
