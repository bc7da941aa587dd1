import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The server's one root secret (SECRET_KEY). Nothing uses it directly: each purpose (API key
 * hashes, webhook secret encryption...) gets its own 32-byte key derived from it with HKDF,
 * so a key leaked from one use says nothing about another.
 */
export interface ServerSecret {
  /** A 32-byte key for one named purpose, always the same for the same root secret. */
  keyFor(purpose: string): Buffer;
  /** HMAC-SHA256 of `value` under the purpose's key: the "keyed hash" stored for secrets. */
  keyedHash(purpose: string, value: string): Buffer;
}

export function createServerSecret(root: string): ServerSecret {
  if (root.length < 32) throw new Error('SECRET_KEY must be at least 32 characters');
  const cache = new Map<string, Buffer>();
  const keyFor = (purpose: string): Buffer => {
    let key = cache.get(purpose);
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', root, 'agentdesk', purpose, 32));
      cache.set(purpose, key);
    }
    return key;
  };
  return {
    keyFor,
    keyedHash: (purpose, value) => createHmac('sha256', keyFor(purpose)).update(value, 'utf8').digest(),
  };
}

const SECRET_FILE = 'secret.key';

/**
 * SECRET_KEY when it is set; otherwise the one in DATA_DIR/secret.key, created (mode 0600) on
 * the first start. A cluster of servers must share one SECRET_KEY: API keys hashed by one are
 * checked by another.
 */
export async function loadServerSecret(secretKey: string | undefined, dataDir: string): Promise<string> {
  if (secretKey) return secretKey;
  const path = join(dataDir, SECRET_FILE);
  try {
    return (await readFile(path, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const created = randomBytes(48).toString('base64url');
  // 'wx': two processes starting at once never overwrite each other's secret.
  await writeFile(path, `${created}\n`, { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  await chmod(path, 0o600);
  return (await readFile(path, 'utf8')).trim();
}
