/** One field of an audit row's before/after, as the log shows it. */
export interface DiffRow {
  /** The field in words: `sessionsEnded` is "Sessions ended", a nested one "Plan › Price". */
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function words(key: string): string {
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The leaves of an object by their path in words; arrays and scalars are leaves. */
function flatten(value: Json | null, prefix = ''): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  if (!value) return leaves;
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix ? `${prefix} › ${words(key)}` : words(key);
    if (isObject(inner) && Object.keys(inner).length > 0) {
      for (const [innerPath, leaf] of flatten(inner, path)) leaves.set(innerPath, leaf);
    } else {
      leaves.set(path, inner);
    }
  }
  return leaves;
}

/** A value as a person reads it: absent is "—", null "none", true "yes". */
export function shown(value: unknown, present: boolean): string {
  if (!present) return '—';
  if (value === null) return 'none';
  if (value === true) return 'yes';
  if (value === false) return 'no';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/**
 * Before and after side by side, field by field, in the order they first appear: the fields
 * that changed first, then the ones that stayed (shown only when `all`).
 */
export function auditDiff(before: Json | null, after: Json | null): { changed: DiffRow[]; unchanged: DiffRow[] } {
  const old = flatten(before);
  const now = flatten(after);
  const fields = [...new Set([...old.keys(), ...now.keys()])];
  const rows = fields.map((field) => {
    const beforeText = shown(old.get(field), old.has(field));
    const afterText = shown(now.get(field), now.has(field));
    return { field, before: beforeText, after: afterText, changed: beforeText !== afterText };
  });
  return { changed: rows.filter((row) => row.changed), unchanged: rows.filter((row) => !row.changed) };
}
