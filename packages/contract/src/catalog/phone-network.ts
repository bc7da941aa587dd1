/** The mobile networks a phone number can be bought airtime or data for. */
export const MOBILE_NETWORKS = ['mtn', 'glo', 'airtel', '9mobile'] as const;
export type MobileNetwork = (typeof MOBILE_NETWORKS)[number];

export const NETWORK_NAMES: Record<MobileNetwork, string> = {
  mtn: 'MTN',
  glo: 'Glo',
  airtel: 'Airtel',
  '9mobile': '9mobile',
};

// The operators' number prefixes (docs/shared reference, late 2026). Five-digit prefixes are
// checked before four-digit ones. A hint only: numbers are portable, so the agent may override it.
const PREFIXES: Record<MobileNetwork, readonly string[]> = {
  mtn: [
    '0703',
    '0704',
    '0706',
    '0803',
    '0806',
    '0810',
    '0813',
    '0814',
    '0816',
    '0903',
    '0906',
    '0913',
    '0916',
    '07025',
    '07026',
  ],
  glo: ['0705', '0805', '0807', '0811', '0815', '0905', '0915'],
  airtel: ['0701', '0708', '0802', '0808', '0812', '0901', '0902', '0904', '0907', '0911', '0912'],
  '9mobile': ['0809', '0817', '0818', '0908', '0909'],
};

const BY_PREFIX = new Map<string, MobileNetwork>(
  MOBILE_NETWORKS.flatMap((network) => PREFIXES[network].map((prefix) => [prefix, network] as const)),
);

/**
 * The network a normalised number (`080...`, 11 digits) most likely belongs to, from its prefix;
 * null when no known prefix matches.
 *
 * @example guessNetwork('08031234567') // 'mtn'
 */
export function guessNetwork(phone: string): MobileNetwork | null {
  return BY_PREFIX.get(phone.slice(0, 5)) ?? BY_PREFIX.get(phone.slice(0, 4)) ?? null;
}
