import { lazy, Suspense, type ComponentType } from 'react';
import { retryImport } from '../lib/lazy-retry';
import { useToastsWanted } from '../lib/toast';

function NoToasts(): null {
  return null;
}

const ToastsOnScreen = lazy(async (): Promise<{ default: ComponentType }> => {
  try {
    const { Toasts } = await retryImport(() => import('./toasts'));
    return { default: Toasts };
  } catch {
    // Two minutes without it: the screens still say what matters in their own text.
    return { default: NoToasts };
  }
});

/**
 * The toast container, mounted with the first toast (lib/toast.ts): until then neither it nor
 * react-toastify is downloaded. The first toast waits in react-toastify's queue meanwhile.
 */
export function LaterToasts() {
  const wanted = useToastsWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastsOnScreen />
    </Suspense>
  );
}
