/**
 * An answer the prerendered page asked for before the app's code arrived (decision 047): the
 * home's head script asks for the dashboard summary with the stored token, and the app takes
 * that answer instead of asking again. Kept on `window` under one name, taken once.
 */
export const EARLY_ANSWER_KEY = '__agentdeskEarlyAnswer';

export interface EarlyAnswer {
  /** The API path asked for. */
  path: string;
  /** The answer's JSON body; rejected when the request failed or was not answered 2xx. */
  body: Promise<unknown>;
  /**
   * Settles once the page has drawn what the answer calls for, or found nothing to draw: the
   * page's loader holds the app's scripts until then (for at most a second), so that this
   * answer and the fonts it is drawn with do not share a slow network with them.
   */
  drawn: Promise<void>;
}

declare global {
  interface Window {
    [EARLY_ANSWER_KEY]?: EarlyAnswer;
  }
}

/** The early answer to `path`, once: whoever takes it owns it; undefined if there is none. */
export function takeEarlyAnswer(path: string): Promise<unknown> | undefined {
  const early = window[EARLY_ANSWER_KEY];
  if (early?.path !== path) return undefined;
  delete window[EARLY_ANSWER_KEY];
  return early.body;
}
