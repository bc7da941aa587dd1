import { listNotifications } from '@agentdesk/contract/notifications/list-notifications';
import { unreadNotificationCount } from '@agentdesk/contract/notifications/unread-count';
import { walletBalance } from '@agentdesk/contract/wallet/balance';
import { LAGOS_DATE_TIME } from '../components/date-time';
import { DASHBOARD_SUMMARY_PATH } from '../features/dashboard/api/dashboard-summary';
import { HOME_NOTES, unreadTitle } from '../features/dashboard/components/unread-notes';
import { isFunded, isNewAgent } from '../features/dashboard/lib/sales-series';
import { NOTIFICATIONS_PAGE } from '../features/notifications/api/notifications';
import { EARLY_ANSWER_KEY, earlyAnswerKey } from '../lib/http/early-answer';
import { formatNaira } from '../lib/money';
import { SESSION_KEY } from '../lib/session/session-storage';

interface EarlyHomeSettings {
  sessionKey: string;
  answerKey: string;
  /** The requests' keys (path and query), as the app's requests for the same are keyed. */
  paths: { summary: string; balance: string; unreadCount: string; notes: string };
  /** How many unread notes the home shows. */
  homeNotes: number;
  dateTime: { locale: string; options: Intl.DateTimeFormatOptions };
}

type Summary = Parameters<typeof isNewAgent>[0];

/** What the page needs of each answer; anything else leaves that part of the page to the app. */
interface Answers {
  summary?: Summary;
  balance?: { availableBalance?: unknown };
  unreadCount?: { count?: unknown };
  notes?: { title?: unknown; body?: unknown; createdAt?: unknown; read?: unknown }[];
}

interface Formats {
  newAgent: (summary: Summary) => boolean;
  funded: (summary: Summary) => boolean;
  naira: (amount: string | number) => string;
  unreadTitle: (unread: number) => string;
}

/**
 * Runs in the prerendered home's <head>, before the stylesheets (decisions 047 and 049): with a
 * stored session, it asks at once, in parallel with everything else, for what the home's first
 * screen shows (the summary, the balance, the unread count and the newest notifications) and
 * leaves the answers for the app (`lib/http/early-answer.ts`). It then draws, from the page's own
 * hidden markup, the balance, a new agent's first steps in place of the skeleton, and the unread
 * notes, all at once and once their fonts are in: the home's first screen is on view before the
 * app's code has arrived, and the app draws the same.
 * Anything unexpected leaves the page as it was, for the app. Sent as its source text, so it
 * uses nothing from outside but its arguments.
 */
function earlyHome(settings: EarlyHomeSettings, formats: Formats): void {
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
  // The skeleton waits, unseen, for what may be drawn above it (base.css).
  const html = document.documentElement;
  html.dataset.earlyPending = '';
  const reveal = () => delete html.dataset.earlyPending;
  setTimeout(reveal, 3000);
  const origin = /^https?:\/\//i.test(apiBase) ? apiBase : `${window.location.origin}${apiBase}`;
  const ask = (path: string): Promise<unknown> =>
    fetch(`${origin}${path}`, { headers: { Authorization: `Bearer ${token}` } }).then((response) =>
      response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`)),
    );
  const names = Object.keys(settings.paths) as (keyof EarlyHomeSettings['paths'])[];
  const answers: Record<string, Promise<unknown>> = {};
  for (const name of names) answers[settings.paths[name]] = ask(settings.paths[name]);

  const inPage = (selector: string) => document.querySelector<HTMLElement>(`#root[data-prerendered] ${selector}`);
  // Made on first use: a date formatter costs a phone tens of milliseconds, which a home without notes never pays.
  let writeDate: Intl.DateTimeFormat | undefined;

  /** A change of the page: the elements it shows, the text it writes in them, and the change itself. */
  interface Change {
    shown: HTMLElement;
    text: string;
    apply: () => void;
  }
  /** The page's changes, made together once their fonts are in. */
  const changes = (got: Answers): Change[] => {
    const all: Change[] = [];
    const amount = got.balance?.availableBalance;
    const balance = inPage('[data-early="balance"]');
    if (balance && (typeof amount === 'string' || typeof amount === 'number')) {
      const text = formats.naira(amount);
      all.push({ shown: balance, text, apply: () => (balance.textContent = text) });
    }
    const summary = got.summary;
    const skeleton = inPage('[data-early-skeleton]');
    if (summary && skeleton && formats.newAgent(summary)) {
      const steps = inPage(`[data-early-first-steps="${formats.funded(summary) ? 'funded' : 'unfunded'}"]`);
      if (steps)
        all.push({
          shown: steps,
          text: steps.textContent ?? '',
          apply: () => {
            skeleton.hidden = true;
            steps.hidden = false;
          },
        });
    }
    const unread = got.unreadCount?.count;
    const notes = (Array.isArray(got.notes) ? got.notes : []).filter((note) => note.read === false);
    const section = inPage('[data-early-notes]');
    const rows = section ? [...section.querySelectorAll<HTMLElement>('li')] : [];
    const title = section?.querySelector<HTMLElement>('[data-early="unread-title"]');
    const wellFormed = notes.every((note) =>
      [note.title, note.body, note.createdAt].every((v) => typeof v === 'string'),
    );
    if (section && title && typeof unread === 'number' && unread > 0 && notes.length > 0 && wellFormed) {
      const dateOf = (createdAt: string) => {
        const when = new Date(createdAt);
        if (Number.isNaN(when.getTime())) return createdAt;
        writeDate ??= new Intl.DateTimeFormat(settings.dateTime.locale, settings.dateTime.options);
        return writeDate.format(when);
      };
      // What each row's slots will say, written once.
      const written = notes.slice(0, Math.min(settings.homeNotes, rows.length)).map((note) => ({
        'note-title': note.title as string,
        'note-body': note.body as string,
        'note-date': dateOf(note.createdAt as string),
      }));
      const heading = formats.unreadTitle(unread);
      all.push({
        shown: section,
        text: [heading, ...written.flatMap((slots) => Object.values(slots))].join(' '),
        apply: () => {
          title.textContent = heading;
          rows.forEach((row, index) => {
            const slots = written[index];
            if (!slots) return row.remove();
            for (const [name, text] of Object.entries(slots))
              row.querySelector<HTMLElement>(`[data-early="${name}"]`)?.replaceChildren(text);
          });
          section.hidden = false;
        },
      });
    }
    return all;
  };

  /** Draws what the answers call for, in the fonts the app will draw it with, at most 3 s later. */
  const draw = (got: Answers): Promise<void> => {
    const all = changes(got);
    if (all.length === 0) return Promise.resolve();
    // Each element's font, for the text it will show (a `₦` is in another file of the font than
    // the letters): drawn in a fallback first, the same text would be drawn again, at another
    // size, when the app arrives.
    const fonts = new Map<string, string>();
    for (const change of all)
      for (const each of [change.shown, ...change.shown.querySelectorAll<HTMLElement>('*')]) {
        const font = getComputedStyle(each).font;
        if (font) fonts.set(font, `${fonts.get(font) ?? ''} ${change.text}`);
      }
    const loaded = Promise.all([...fonts].map(([font, text]) => document.fonts.load(font, text)));
    const atMost = new Promise((resolve) => setTimeout(resolve, 3000));
    return Promise.race([loaded, atMost])
      .catch(() => undefined)
      .then(() => {
        for (const change of all) change.apply();
      });
  };

  const parsed = new Promise<void>((resolve) => {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => resolve());
    else resolve();
  });
  const data = (path: string) =>
    answers[path]!.then(
      (answer) => (answer as { data?: unknown } | null)?.data,
      () => undefined,
    );
  const drawn = Promise.all(names.map((name) => data(settings.paths[name])))
    .then(async (values) => {
      await parsed;
      await draw(Object.fromEntries(names.map((name, index) => [name, values[index]])));
    })
    // The app asks again and says what went wrong.
    .catch(() => undefined)
    // In the same task as the changes: the skeleton shows below them, never above first.
    .then(reveal);
  (window as unknown as Record<string, unknown>)[settings.answerKey] = { answers, drawn };
}

/** The home's early script, for an inline <script> in its <head> (the server allows it by its hash). */
export function earlyHomeScript(): string {
  const settings: EarlyHomeSettings = {
    sessionKey: SESSION_KEY,
    answerKey: EARLY_ANSWER_KEY,
    paths: {
      summary: DASHBOARD_SUMMARY_PATH,
      balance: walletBalance.path,
      unreadCount: unreadNotificationCount.path,
      notes: earlyAnswerKey(listNotifications.path, { limit: NOTIFICATIONS_PAGE }),
    },
    homeNotes: HOME_NOTES,
    dateTime: LAGOS_DATE_TIME,
  };
  const formats = `{ newAgent: ${isNewAgent.toString()}, funded: ${isFunded.toString()}, naira: ${formatNaira.toString()}, unreadTitle: ${unreadTitle.toString()} }`;
  return `(${earlyHome.toString()})(${JSON.stringify(settings)}, ${formats})`;
}
