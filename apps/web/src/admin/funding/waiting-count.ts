/**
 * How many transfers wait, in words, from the pages of the queue loaded so far: exact when the
 * last page says there is no more, "N or more" otherwise (the list is paged, not counted).
 *
 * @example waitingCount([{ data: [a, b], meta: { nextCursor: null } }]) // '2 transfers waiting'
 */
export function waitingCount(pages: readonly { data: readonly unknown[]; meta: { nextCursor: string | null } }[] = []) {
  const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
  const more = pages.at(-1)?.meta.nextCursor != null;
  if (loaded === 0 && !more) return 'No transfers waiting';
  const noun = loaded === 1 && !more ? 'transfer' : 'transfers';
  return `${loaded}${more ? ' or more' : ''} ${noun} waiting`;
}
