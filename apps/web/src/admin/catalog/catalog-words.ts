import type { ServiceCategory } from '@agentdesk/contract/catalog/services';

/** The categories as the operator reads them. */
export const CATEGORY_WORDS: Record<ServiceCategory, string> = {
  airtime: 'Airtime',
  data: 'Data',
  electricity: 'Electricity',
  cable: 'Cable TV',
  'result-checker': 'Result checker',
};

/** A naira string less another, both as the API carries them (two decimals), by integer kobo. */
export function nairaDifference(a: string, b: string): string {
  const kobo = BigInt(a.replace('.', '')) - BigInt(b.replace('.', ''));
  const sign = kobo < 0n ? '-' : '';
  const abs = kobo < 0n ? -kobo : kobo;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** A search a person typed: blank is no search, one character is too short for the server. */
export function searchTerm(text: string): { q: string | undefined; tooShort: boolean } {
  const q = text.trim();
  if (q === '') return { q: undefined, tooShort: false };
  return { q, tooShort: q.length < 2 };
}
