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

export function Toasts() {
  return <ToastContainer {...TOAST_SETTINGS} newestOnTop limit={4} />;
}
