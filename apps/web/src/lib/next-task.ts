interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Lets the browser take its turn (paint, answer a tap) before what follows, which then runs in a
 * task of its own: code run for the first time costs a slow phone's main thread, and the app's
 * start is cut into steps so that none holds it long (decision 048). `scheduler.yield()` where the
 * browser has it (what follows goes first among waiting tasks), a timer elsewhere.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
