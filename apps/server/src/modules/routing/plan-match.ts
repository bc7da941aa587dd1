/**
 * Matching another upstream's plans to our catalogue's (decision 037): two plans sell the same
 * thing when their keys agree. A data plan's key is its size and validity ("2 GB - 30 days
 * (SME)" and "MTN 2GB - 30 days (₦1500)" are both 2048 MB for 30 days); any other plan's is its
 * name without prices, brackets and punctuation ("DStv Padi N4,400" and "DStv Padi - ₦4,400").
 * A plan is matched only when exactly one plan of the other side has its key, so a guess never
 * decides between two.
 */

const UNIT_MB: Record<string, number> = { mb: 1, gb: 1024, tb: 1024 * 1024 };
const PERIOD_DAYS: Record<string, number> = { day: 1, week: 7, month: 30 };

/** A data plan's size and validity, or null when its name says neither. */
function dataKey(name: string): string | null {
  const size = /(\d+(?:\.\d+)?)\s*(mb|gb|tb)\b/i.exec(name);
  const validity = /(\d+)\s*(day|week|month)s?\b/i.exec(name);
  if (!size || !validity) return null;
  const megabytes = Math.round(Number(size[1]) * UNIT_MB[size[2]!.toLowerCase()]!);
  const days = Number(validity[1]) * PERIOD_DAYS[validity[2]!.toLowerCase()]!;
  return `${megabytes}MB/${days}d`;
}

/** A name without its prices, bracketed notes and punctuation, in lower case. */
function nameKey(name: string): string {
  return name
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[-–]?\s*(?:₦|\bN)\s?[\d,]+(?:\.\d+)?/g, ' ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** What a plan is matched by: its size and validity when it has both, otherwise its cleaned name. */
export function planKey(name: string): string {
  return dataKey(name) ?? `name:${nameKey(name)}`;
}

/**
 * Pairs each of `theirs` with the one plan of `ours` that has its key, where exactly one of each
 * side has it; answers their code → our code.
 */
export function matchPlans(
  theirs: ReadonlyArray<{ code: string; name: string }>,
  ours: ReadonlyArray<{ code: string; name: string }>,
): Map<string, string> {
  const byKey = <T extends { name: string }>(plans: readonly T[]) => {
    const groups = new Map<string, T[]>();
    for (const plan of plans) {
      const key = planKey(plan.name);
      groups.set(key, [...(groups.get(key) ?? []), plan]);
    }
    return groups;
  };
  const ourGroups = byKey(ours);
  const matches = new Map<string, string>();
  for (const [key, group] of byKey(theirs)) {
    const mine = ourGroups.get(key);
    if (group.length === 1 && mine?.length === 1) matches.set(group[0]!.code, mine[0]!.code);
  }
  return matches;
}
