import { dismissToasts, toastsAskedBefore } from '../lib/toast';

export interface ScreenRouter {
  state: { location: { pathname: string }; navigation: { state: string } };
  subscribe: (listener: (state: ScreenRouter['state']) => void) => () => void;
}

/**
 * A screen change dismisses the previous screen's toasts. A toast asked for since the person's
 * last action (a click, a key) belongs to what that action did, such as "Welcome back" when a
 * sign-in leads to the home: it comes along to the next screen. Started with the app, before
 * react-toastify is loaded (it comes with the first toast); answers the clean-up.
 */
export function dismissToastsOnScreenChange(router: ScreenRouter): () => void {
  let lastAction = 0;
  const onAction = () => {
    lastAction = performance.now();
  };
  window.addEventListener('pointerdown', onAction, true);
  window.addEventListener('keydown', onAction, true);

  let pathname = router.state.location.pathname;
  let leaving: string[] | undefined;
  const stopRouting = router.subscribe((state) => {
    if (state.navigation.state !== 'idle') {
      leaving ??= toastsAskedBefore(lastAction);
      return;
    }
    if (state.location.pathname !== pathname) {
      pathname = state.location.pathname;
      dismissToasts(leaving ?? toastsAskedBefore(lastAction));
    }
    leaving = undefined;
  });

  return () => {
    stopRouting();
    window.removeEventListener('pointerdown', onAction, true);
    window.removeEventListener('keydown', onAction, true);
  };
}
