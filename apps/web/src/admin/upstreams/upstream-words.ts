import type { TUpstream, UPSTREAM_KINDS } from '@agentdesk/contract/admin/upstreams';

export type UpstreamKind = (typeof UPSTREAM_KINDS)[number];

export const KIND_WORDS: Record<UpstreamKind, string> = { vtpass: 'VTpass', clubkonnect: 'Clubkonnect (Nellobytes)' };

/** The credentials each kind signs its calls with, as the contract names them, and their labels. */
export const CREDENTIAL_FIELDS: Record<UpstreamKind, ReadonlyArray<readonly [name: string, label: string]>> = {
  vtpass: [
    ['apiKey', 'API key'],
    ['publicKey', 'Public key'],
    ['secretKey', 'Secret key'],
  ],
  clubkonnect: [
    ['userId', 'User ID'],
    ['apiKey', 'API key'],
  ],
};

/** Where an upstream is reached: its address, or the built-in sandbox of its kind. */
export function addressWords(upstream: Pick<TUpstream, 'baseUrl'>): string {
  return upstream.baseUrl ?? 'built-in sandbox';
}

/** "API key ••••abcd, User ID ••••1234": which credentials are set, never their values. */
export function maskedCredentials(upstream: TUpstream): string {
  const labels = Object.fromEntries(CREDENTIAL_FIELDS[upstream.kind]);
  const entries = Object.entries(upstream.credentials);
  if (entries.length === 0) return 'none set';
  return entries.map(([name, masked]) => `${labels[name] ?? name} ${masked}`).join(', ');
}
