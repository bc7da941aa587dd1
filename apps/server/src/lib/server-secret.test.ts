import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServerSecret, loadServerSecret } from './server-secret.js';

describe('server secret', () => {
  it('derives a different, stable key per purpose', () => {
    const a = createServerSecret('a'.repeat(32));
    const b = createServerSecret('b'.repeat(32));
    expect(a.keyFor('api-keys')).toEqual(createServerSecret('a'.repeat(32)).keyFor('api-keys'));
    expect(a.keyFor('api-keys')).not.toEqual(a.keyFor('webhooks'));
    expect(a.keyFor('api-keys')).not.toEqual(b.keyFor('api-keys'));
    expect(a.keyedHash('api-keys', 'x')).toHaveLength(32);
    expect(a.keyedHash('api-keys', 'x')).not.toEqual(b.keyedHash('api-keys', 'x'));
  });

  it('refuses a short root secret', () => {
    expect(() => createServerSecret('short')).toThrow(/at least 32/);
  });

  it('prefers SECRET_KEY, else creates DATA_DIR/secret.key once, readable by the owner only', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'secret-'));
    expect(await loadServerSecret('s'.repeat(40), dir)).toBe('s'.repeat(40));
    const first = await loadServerSecret(undefined, join(dir, 'data'));
    expect(first.length).toBeGreaterThanOrEqual(64);
    expect(await loadServerSecret(undefined, join(dir, 'data'))).toBe(first);
    expect((await readFile(join(dir, 'data', 'secret.key'), 'utf8')).trim()).toBe(first);
    expect((await stat(join(dir, 'data', 'secret.key'))).mode & 0o777).toBe(0o600);
  });
});
