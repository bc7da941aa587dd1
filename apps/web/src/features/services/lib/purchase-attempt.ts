/** One purchase the agent confirmed: its body and the requestId every retry of it reuses. */
export interface PurchaseAttempt<B> {
  requestId: string;
  body: B;
}

function sameBody(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The attempt to send for `body`: the previous one when it is the same purchase (a retry after
 * a network error or a timeout must not buy twice: the server answers the same order for the
 * same requestId), a new requestId otherwise.
 */
export function attemptFor<B>(
  previous: PurchaseAttempt<B> | null,
  body: B,
  newId: () => string = () => crypto.randomUUID(),
): PurchaseAttempt<B> {
  if (previous && sameBody(previous.body, body)) return previous;
  return { requestId: newId(), body };
}
