interface FromState {
  from?: { pathname?: unknown; search?: unknown; hash?: unknown };
}

/**
 * Where to go after signing in: the page that sent the person to /login (the `from` of the
 * navigation's state, app/guards.tsx), else home.
 */
export function returnPath(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/')) return '/';
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return `${from.pathname}${text(from.search)}${text(from.hash)}`;
}
