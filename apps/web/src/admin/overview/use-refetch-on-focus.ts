import { useEffect } from 'react';

/**
 * Asks again when the operator comes back to the tab (the console's store does not run RTK
 * Query's focus listeners): figures seen after a coffee are fresh at once, not a poll later.
 */
export function useRefetchOnFocus(refetch: () => void): void {
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') refetch();
    };
    window.addEventListener('focus', refetch);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', refetch);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refetch]);
}
