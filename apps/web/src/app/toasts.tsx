import { useSyncExternalStore } from 'react';
import { ToastContainer, toast, type Id, type ToastContainerProps } from 'react-toastify';

/** Spec sections 4 and 9: toasts close after 2000 ms, at top-center, without a progress bar. */
export const TOAST_SETTINGS = {
  position: 'top-center',
  autoClose: 2000,
  hideProgressBar: true,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  closeOnClick: true,
  draggable: true,
} as const satisfies ToastContainerProps;

/** Below MUI's sm breakpoint: a phone, where the top of the screen is the top bar and the heading. */
const PHONE_QUERY = '(max-width: 599.95px)';

function phoneMedia(): MediaQueryList | undefined {
  return typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : undefined;
}

function subscribePhone(listener: () => void) {
  const media = phoneMedia();
  media?.addEventListener('change', listener);
  return () => media?.removeEventListener('change', listener);
}

function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribePhone,
    () => phoneMedia()?.matches ?? false,
    () => false,
  );
}

/** Top-center from the tablet up; on a phone at the bottom, so a toast never hides the page's heading. */
export function Toasts() {
  const phone = useIsPhone();
  return (
    <ToastContainer
      {...TOAST_SETTINGS}
      position={phone ? 'bottom-center' : TOAST_SETTINGS.position}
      newestOnTop
      limit={4}
    />
  );
}

interface ScreenRouter {
  state: { location: { pathname: string }; navigation: { state: string } };
  subscribe: (listener: (state: ScreenRouter['state']) => void) => () => void;
}

/**
 * A screen change dismisses the previous screen's toasts. A toast shown since the person's
 * last action (a click, a key) belongs to what that action did, such as "Welcome back" when a
 * sign-in leads to the home: it comes along to the next screen. Answers the clean-up.
 */
export function dismissToastsOnScreenChange(router: ScreenRouter): () => void {
  const shownAt = new Map<Id, number>();
  let lastAction = 0;
  const onAction = () => {
    lastAction = performance.now();
  };
  window.addEventListener('pointerdown', onAction, true);
  window.addEventListener('keydown', onAction, true);
  const stopWatching = toast.onChange((item) => {
    if (item.status === 'added') shownAt.set(item.id, performance.now());
    else if (item.status === 'removed') shownAt.delete(item.id);
  });

  let pathname = router.state.location.pathname;
  let leaving: Id[] | undefined;
  const olderThanLastAction = () => [...shownAt].filter(([, at]) => at < lastAction).map(([id]) => id);
  const stopRouting = router.subscribe((state) => {
    if (state.navigation.state !== 'idle') {
      leaving ??= olderThanLastAction();
      return;
    }
    if (state.location.pathname !== pathname) {
      pathname = state.location.pathname;
      for (const id of leaving ?? olderThanLastAction()) toast.dismiss(id);
    }
    leaving = undefined;
  });

  return () => {
    stopRouting();
    stopWatching();
    window.removeEventListener('pointerdown', onAction, true);
    window.removeEventListener('keydown', onAction, true);
  };
}
