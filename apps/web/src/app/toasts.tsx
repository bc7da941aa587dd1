import { useSyncExternalStore } from 'react';
import { ToastContainer, type ToastContainerProps } from 'react-toastify';

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
