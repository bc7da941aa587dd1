import { BORDER_RADIUS, CUSTOMIZATION_KEY, FONT_OPTIONS } from '../features/customization/customization-slice';
import { EARLY_ANSWER_KEY } from '../lib/http/early-answer';
import { SESSION_KEY } from '../lib/session/session-storage';

interface BootSettings {
  sessionKey: string;
  customizationKey: string;
  fonts: string[];
  radius: { min: number; max: number };
}

/**
 * Runs in a prerendered page's <head>, before anything paints (decision 039): it says whether a
 * session is stored (`html[data-visitor]`, so that base.css hides a page drawn for the other
 * kind of visitor), and sets the chosen font and corner radius (`--app-font`, `--app-radius`),
 * which both the sign-in screens and the prerendered frame are drawn with. Sent as its source
 * text, so it uses nothing from outside but its argument.
 */
function boot(settings: BootSettings): void {
  const root = document.documentElement;
  const field = (value: unknown, name: string): unknown =>
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
  const read = (key: string): unknown => {
    try {
      return JSON.parse(window.localStorage.getItem(key) ?? 'null');
    } catch {
      return null;
    }
  };
  const token = field(read(settings.sessionKey), 'token');
  root.dataset.visitor = typeof token === 'string' && token !== '' ? 'signed-in' : 'signed-out';
  const chosen = read(settings.customizationKey);
  const font = field(chosen, 'fontFamily');
  if (typeof font === 'string' && settings.fonts.includes(font)) root.style.setProperty('--app-font', font);
  const radius = field(chosen, 'borderRadius');
  if (typeof radius === 'number' && radius >= settings.radius.min && radius <= settings.radius.max)
    root.style.setProperty('--app-radius', `${radius}px`);
}

/** The boot script's text, for an inline <script> (the server allows it by its hash). */
export function bootScript(): string {
  const settings: BootSettings = {
    sessionKey: SESSION_KEY,
    customizationKey: CUSTOMIZATION_KEY,
    fonts: FONT_OPTIONS.map((option) => option.value),
    radius: { min: BORDER_RADIUS.min, max: BORDER_RADIUS.max },
  };
  return `(${boot.toString()})(${JSON.stringify(settings)})`;
}

/**
 * Adds the app's scripts once the page has painted (decision 039): the prerendered markup and its
 * stylesheets have the network to themselves until then, and the scripts follow at once: the
 * entry, then the module preloads of its imports and the route's chunks, a few at a time (each
 * request a link starts costs a slow phone's main thread several milliseconds: thirty at once
 * held it for about 100 ms). A page that asked for its data early (the home, decision 047)
 * first draws what that answer calls for, for at most a second. A hidden tab, which paints
 * nothing, loads them straight away.
 */
function loadApp(entry: string, preloads: string[], earlyAnswerKey: string): void {
  const perTask = 6;
  const preload = (from: number) => {
    const links = document.createDocumentFragment();
    for (const href of preloads.slice(from, from + perTask)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      links.append(link);
    }
    document.head.append(links);
    if (from + perTask < preloads.length) setTimeout(() => preload(from + perTask));
  };
  const load = () => {
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.body.append(script);
    preload(0);
  };
  if (document.visibilityState === 'hidden') return load();
  const early = (window as unknown as Record<string, { drawn?: unknown } | undefined>)[earlyAnswerKey]?.drawn;
  const atMost = new Promise((resolve) => setTimeout(resolve, 1000));
  const drawn = early instanceof Promise ? Promise.race([early, atMost]) : Promise.resolve();
  requestAnimationFrame(() => void drawn.then(() => setTimeout(load)));
}

/** The loader's text for an inline <script> at the end of <body>: the entry and the chunks to preload, relative to the base. */
export function appLoaderScript(entry: string, preloads: string[]): string {
  return `(${loadApp.toString()})(${JSON.stringify(entry)}, ${JSON.stringify(preloads)}, ${JSON.stringify(EARLY_ANSWER_KEY)})`;
}
