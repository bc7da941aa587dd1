/** What the queue says after a decision: the result, or why nothing happened. */
export interface DecisionOutcome {
  severity: 'success' | 'info';
  text: string;
}

/** The server's 409: another operator (or another tab) decided this report first. */
export function isAlreadyDecided(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 409;
}
