export const NETWORKS = ['mtn', 'glo', 'airtel', '9mobile'] as const;
export type Network = (typeof NETWORKS)[number];

export const NETWORK_LABELS: Record<Network, string> = {
  mtn: 'MTN',
  glo: 'Glo',
  airtel: 'Airtel',
  '9mobile': '9mobile',
};

/** reference/nigeria.md. Numbers are portable, so this is only a first guess the agent can override. */
const PREFIXES: Record<Network, readonly string[]> = {
  mtn: [
    '07025',
    '07026',
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
  ],
  glo: ['0705', '0805', '0807', '0811', '0815', '0905', '0915'],
  airtel: ['0701', '0708', '0802', '0808', '0812', '0901', '0902', '0904', '0907', '0911', '0912'],
  '9mobile': ['0809', '0817', '0818', '0908', '0909'],
};

/** Longest prefixes first, so 07025 (MTN) wins over any 4-digit match. */
const ORDERED = Object.entries(PREFIXES)
  .flatMap(([network, prefixes]) => prefixes.map((prefix) => ({ prefix, network: network as Network })))
  .sort((a, b) => b.prefix.length - a.prefix.length);

/** The digits of a phone as typed, in local form: `+234 803 1...` → `08031...`. */
export function localDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.startsWith('234') ? `0${digits.slice(3)}` : digits;
}

/**
 * The network a Nigerian number most likely belongs to, from its prefix; null until enough
 * digits are typed or for an unknown prefix.
 *
 * @example guessNetwork('+234 803 123 4567') // 'mtn'
 */
export function guessNetwork(phone: string): Network | null {
  const digits = localDigits(phone);
  const five = ORDERED.find(({ prefix }) => prefix.length === 5 && digits.startsWith(prefix));
  if (five) return five.network;
  // A 4-digit prefix that is the start of a 5-digit one (0702) stays unknown until the fifth digit.
  const four = ORDERED.find(({ prefix }) => prefix.length === 4 && digits.startsWith(prefix));
  return four?.network ?? null;
}
