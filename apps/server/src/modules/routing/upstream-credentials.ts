import { decryptSecret, encryptSecret } from '../../lib/sealed-secret.js';
import type { UpstreamKind } from './upstreams.repo.js';

/** What each kind of upstream signs its calls with (decision 037). Every value is a secret. */
export type UpstreamCredentials =
  | { kind: 'vtpass'; apiKey: string; publicKey: string; secretKey: string }
  | { kind: 'clubkonnect'; userId: string; apiKey: string };

/** The sealing key's purpose, for ServerSecret.keyFor: upstream credentials have a key of their own. */
export const CREDENTIALS_KEY_PURPOSE = 'upstream-credentials';

/** Seals an upstream's credentials for its row: only that upstream's row opens them (its id is the associated data). */
export function sealCredentials(key: Buffer, upstreamId: string, credentials: UpstreamCredentials): Buffer {
  return encryptSecret(key, `upstream:${upstreamId}`, JSON.stringify(credentials));
}

/** Opens a row's credentials; throws when they were altered or sealed under another key or for another upstream. */
export function openCredentials(
  key: Buffer,
  upstreamId: string,
  kind: UpstreamKind,
  sealed: Buffer,
): UpstreamCredentials {
  const credentials = JSON.parse(decryptSecret(key, `upstream:${upstreamId}`, sealed)) as UpstreamCredentials;
  if (credentials.kind !== kind) throw new Error(`upstream ${upstreamId}: credentials of another kind`);
  return credentials;
}

/** The last four characters of each credential, for operators: enough to tell which key is set, never the key. */
export function maskedCredentials(credentials: UpstreamCredentials): Record<string, string> {
  const { kind: _kind, ...values } = credentials;
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, value.length > 8 ? `••••${value.slice(-4)}` : '••••']),
  );
}
