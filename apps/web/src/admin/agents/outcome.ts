/**
 * The server's whole sentence for a refusal (a debit beyond the balance says what the wallet
 * holds and that nothing changed), where `errorMessage` would give the field's short message.
 */
export function refusalText(error: unknown, fallback: string): string {
  if (typeof error === 'object' && error !== null) {
    const data = (error as { data?: unknown }).data;
    if (typeof data === 'object' && data !== null) {
      const message = (data as { message?: unknown }).message;
      if (typeof message === 'string' && message) return message.replace(/^[a-z][a-z0-9_.[\]]*: (?=\S)/, '');
    }
  }
  return fallback;
}
