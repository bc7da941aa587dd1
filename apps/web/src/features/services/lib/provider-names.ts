/** The TV providers an agent renews and changes, in their own spelling. */
export const TV_LABELS = { dstv: 'DStv', gotv: 'GOtv', startimes: 'StarTimes', showmax: 'Showmax' } as const;
export type TvProvider = keyof typeof TV_LABELS;

/** "Ikeja Electric (IKEDC) - Prepaid and Postpaid" → "Ikeja Electric (IKEDC)". */
export function discoName(name: string): string {
  return name.replace(/\s*-\s*Prepaid and Postpaid$/, '');
}
