/** What the server tells the app about where it runs, injected as `<meta name="agentdesk-config">`. */
export interface AppConfig {
  /** Router basename, e.g. `/` or `/agent`. */
  basePath: string;
  /** Product name shown in the top bar and the title (white label). */
  brandName: string;
  /** Prefix of every API call: empty for the same origin. */
  apiBaseUrl: string;
}

export const DEFAULT_CONFIG: AppConfig = { basePath: '/', brandName: 'AgentDesk', apiBaseUrl: '' };

function readString(source: Record<string, unknown>, key: keyof AppConfig): string {
  const value = source[key];
  return typeof value === 'string' ? value : DEFAULT_CONFIG[key];
}

/** A basename the router accepts: leading slash, no trailing slash except the root. */
export function normalizeBasePath(path: string): string {
  const trimmed = path.trim().replace(/\/+$/, '');
  if (trimmed === '') return '/';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/**
 * Reads the configuration meta tag. Falls back to the defaults when it is absent (under
 * `vite dev`) or unreadable, so a bad tag never stops the app from starting.
 */
export function readConfig(doc: Document = document): AppConfig {
  const content = doc.querySelector<HTMLMetaElement>('meta[name="agentdesk-config"]')?.content;
  if (!content) return DEFAULT_CONFIG;
  try {
    const parsed: unknown = JSON.parse(content);
    if (typeof parsed !== 'object' || parsed === null) return DEFAULT_CONFIG;
    const source = parsed as Record<string, unknown>;
    return {
      basePath: normalizeBasePath(readString(source, 'basePath')),
      brandName: readString(source, 'brandName').trim() || DEFAULT_CONFIG.brandName,
      apiBaseUrl: readString(source, 'apiBaseUrl').replace(/\/+$/, ''),
    };
  } catch {
    return DEFAULT_CONFIG;
  }
}

let cached: AppConfig | undefined;

/** The configuration of this page load. */
export function getConfig(): AppConfig {
  cached ??= readConfig();
  return cached;
}

/**
 * Sets the configuration instead of reading the page's: the build's prerender (decision 039)
 * renders with placeholders there, which the server replaces with the real values.
 */
export function setConfig(config: AppConfig): void {
  cached = config;
}

/** The absolute origin and prefix API paths are joined to. */
export function apiOrigin(config: AppConfig = getConfig()): string {
  if (/^https?:\/\//i.test(config.apiBaseUrl)) return config.apiBaseUrl;
  return `${window.location.origin}${config.apiBaseUrl}`;
}
