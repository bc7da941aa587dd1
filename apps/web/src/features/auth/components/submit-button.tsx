import type { ReactNode } from 'react';
import { useHydrated } from '../../../lib/use-hydrated';

/**
 * The form's main button: shows a spinner and refuses a second click while the call runs.
 * On a prerendered page (decision 039) it is disabled until the app has taken over: a form
 * submitted by the browser itself would put the password in the address.
 */
export function SubmitButton({ loading, children }: { loading: boolean; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <button type="submit" className="plain-button auth-submit" disabled={loading || !hydrated} aria-busy={loading}>
      {loading && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
