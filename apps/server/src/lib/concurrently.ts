/**
 * Runs `work` on every item with at most `limit` running at once, and resolves when all have
 * settled. `work` handles its own errors: one that throws rejects the whole (after the others
 * that are running have finished starting).
 *
 * @example await forEachConcurrently(orders, 20, (order) => resolve(order));
 */
export async function forEachConcurrently<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}
