/**
 * Answers the prerendered page asked for before the app's code arrived (decisions 047 and 049):
 * the home's head script asks for what the home shows first (the summary, the balance, the
 * unread notes) with the stored token, and the app's requests for the same take those answers
 * instead of asking again. Kept on `window` under one name, each answer taken once.
 */
export const EARLY_ANSWER_KEY = '__agentdeskEarlyAnswer';

export interface EarlyAnswers {
  /**
   * Each answer's JSON body by the request's path and query (`/api/v1/agent/notify?limit=10`);
   * rejected when the request failed or was not answered 2xx.
   */
  answers: Record<string, Promise<unknown>>;
  /**
   * Settles once the page has drawn what the answers call for, or found nothing to draw: the
   * page's loader holds the app's scripts until then (for at most a second), so that these
   * answers and the fonts they are drawn with do not share a slow network with them.
   */
  drawn: Promise<void>;
}

declare global {
  interface Window {
    [EARLY_ANSWER_KEY]?: EarlyAnswers;
  }
}

/** The request's key among the early answers: its path, and its query as `fetchBaseQuery` writes it. */
export function earlyAnswerKey(url: string, params?: Record<string, unknown>): string {
  const query = params
    ? new URLSearchParams(
        Object.entries(params)
          .filter(([, value]) => value !== undefined)
          .map(([name, value]) => [name, String(value)]),
      ).toString()
    : '';
  return query ? `${url}?${query}` : url;
}

/** The early answer to `key`, once: whoever takes it owns it; undefined if there is none. */
export function takeEarlyAnswer(key: string): Promise<unknown> | undefined {
  const early = window[EARLY_ANSWER_KEY]?.answers;
  if (!early || !Object.hasOwn(early, key)) return undefined;
  const body = early[key];
  delete early[key];
  return body;
}

/** Whether every early answer has been taken (or there were none). */
function earlyAnswersTaken(): boolean {
  const early = window[EARLY_ANSWER_KEY]?.answers;
  return !early || Object.keys(early).length === 0;
}

interface StoreWithApi {
  getState: () => { api: { queries: Record<string, { status: string } | undefined> } };
  subscribe: (listener: () => void) => () => void;
}

/**
 * Settles once the data the page asked for early is in `store`: every early answer taken by the
 * request it was for, and no request of `api` under way (answered, failed or never asked); or
 * after `atMostMs`, whichever comes first; at once on a page that asked for nothing early. Never
 * rejects. The take-over of the prerendered home waits for it, so that the home is drawn once,
 * with its data (decision 048).
 */
export function earlyDataSettled(store: StoreWithApi, atMostMs: number): Promise<void> {
  if (!window[EARLY_ANSWER_KEY]) return Promise.resolve();
  const settled = () =>
    earlyAnswersTaken() && !Object.values(store.getState().api.queries).some((query) => query?.status === 'pending');
  if (settled()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, atMostMs);
    // An early answer is taken by a request under way, whose answer then changes the store.
    const unsubscribe = store.subscribe(() => settled() && done());
  });
}
