const STORAGE_KEY = 'agentdesk_bulk_submit';

/**
 * The client key of a bulk purchase being submitted, kept in sessionStorage until the server
 * has answered: a retry after a lost connection (or a reload) sends the same key for the same
 * rows, and the server answers the batch it already made instead of paying again.
 */
export function bulkKeyFor(fingerprint: string): string {
  try {
    const kept = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as {
      key: string;
      fingerprint: string;
    } | null;
    if (kept?.fingerprint === fingerprint) return kept.key;
  } catch {
    // Unreadable: a new key.
  }
  const key = crypto.randomUUID();
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ key, fingerprint }));
  } catch {
    // Storage refused (private mode): the key lives as long as the page.
  }
  return key;
}

/** The server answered (a batch, or a refusal): the next submit is a new batch. */
export function forgetBulkKey(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
}
