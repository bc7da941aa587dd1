import { BORDER_RADIUS, CUSTOMIZATION_KEY, FONT_OPTIONS } from '../features/customization/customization-slice';
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
