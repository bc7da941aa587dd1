import type { ReactNode } from 'react';

/** The form's main button: shows a spinner and refuses a second click while the call runs. */
export function SubmitButton({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="plain-button auth-submit" disabled={loading} aria-busy={loading}>
      {loading && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
