import { DASHBOARD_SUMMARY_PATH } from '../features/dashboard/api/dashboard-summary';
import { isFunded, isNewAgent } from '../features/dashboard/lib/sales-series';
import { EARLY_ANSWER_KEY } from '../lib/http/early-answer';
import { SESSION_KEY } from '../lib/session/session-storage';

interface EarlyHomeSettings {
  sessionKey: string;
  answerKey: string;
  path: string;
}

type Summary = Parameters<typeof isNewAgent>[0];

/**
 * Runs in the prerendered home's <head>, before the stylesheets (decision 047): with a stored
 * session, it asks for the dashboard summary at once, in parallel with everything else, and
 * leaves the answer for the app (`lib/http/early-answer.ts`). When the answer says the agent has
 * not sold yet, it shows the first steps the page holds (hidden) in place of the skeleton, once
 * their fonts are in: the new agent's home is on screen before the app's code has arrived, and
 * the app draws the same.
 * Anything unexpected leaves the page as it was, for the app. Sent as its source text, so it
 * uses nothing from outside but its arguments.
 */
function earlyHome(
  settings: EarlyHomeSettings,
  newAgent: (summary: Summary) => boolean,
  funded: (summary: Summary) => boolean,
): void {
  let token: unknown;
  let apiBase = '';
  try {
    token = (JSON.parse(window.localStorage.getItem(settings.sessionKey) ?? 'null') as { token?: unknown } | null)
      ?.token;
    const meta = document.querySelector<HTMLMetaElement>('meta[name="agentdesk-config"]');
    const configured = (JSON.parse(meta?.content ?? '{}') as { apiBaseUrl?: unknown }).apiBaseUrl;
    if (typeof configured === 'string') apiBase = configured.replace(/\/+$/, '');
  } catch {
    return;
  }
  if (typeof token !== 'string' || token === '') return;
  const origin = /^https?:\/\//i.test(apiBase) ? apiBase : `${window.location.origin}${apiBase}`;
  const body = fetch(`${origin}${settings.path}`, { headers: { Authorization: `Bearer ${token}` } }).then((response) =>
    response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`)),
  );

  const show = (summary: Summary): Promise<void> => {
    const skeleton = document.querySelector<HTMLElement>('#root[data-prerendered] [data-early-skeleton]');
    const steps = document.querySelector<HTMLElement>(
      `#root[data-prerendered] [data-early-first-steps="${funded(summary) ? 'funded' : 'unfunded'}"]`,
    );
    if (!skeleton || !steps || !newAgent(summary)) return Promise.resolve();
    // In the fonts the app will draw it with (the theme's, or the agent's choice): drawn in a
    // fallback first, the same text would be drawn again, at another size, when the app arrives.
    const fonts = new Set([...steps.querySelectorAll('*')].map((element) => getComputedStyle(element).font));
    const loaded = Promise.all([...fonts].filter(Boolean).map((font) => document.fonts.load(font)));
    const atMost = new Promise((resolve) => setTimeout(resolve, 3000));
    return Promise.race([loaded, atMost])
      .catch(() => undefined)
      .then(() => {
        skeleton.hidden = true;
        steps.hidden = false;
      });
  };
  const parsed = new Promise<void>((resolve) => {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => resolve());
    else resolve();
  });
  const drawn = body
    .then(async (answer) => {
      const summary = (answer as { data?: Summary } | null)?.data;
      if (!summary) return;
      await parsed;
      await show(summary);
    })
    // The app asks again and says what went wrong.
    .catch(() => undefined);
  (window as unknown as Record<string, unknown>)[settings.answerKey] = { path: settings.path, body, drawn };
}

/** The home's early script, for an inline <script> in its <head> (the server allows it by its hash). */
export function earlyHomeScript(): string {
  const settings: EarlyHomeSettings = {
    sessionKey: SESSION_KEY,
    answerKey: EARLY_ANSWER_KEY,
    path: DASHBOARD_SUMMARY_PATH,
  };
  return `(${earlyHome.toString()})(${JSON.stringify(settings)}, ${isNewAgent.toString()}, ${isFunded.toString()})`;
}
