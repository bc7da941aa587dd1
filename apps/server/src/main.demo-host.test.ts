import type { ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyServerDatabase, freePort, spawnServer, stopped, waitFor } from './test/server-process.js';

/**
 * The local address a port is listened on, read from the kernel's socket tables (no traffic
 * leaves loopback): '127.0.0.1', '0.0.0.0', '::' or '::1'.
 */
async function listeningOn(port: number): Promise<string[]> {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const found: string[] = [];
  for (const [file, wide] of [
    ['/proc/net/tcp', false],
    ['/proc/net/tcp6', true],
  ] as const) {
    const table = await readFile(file, 'utf8').catch(() => '');
    for (const line of table.split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      // 0A: LISTEN.
      if (!local || state !== '0A' || !local.endsWith(`:${hexPort}`)) continue;
      const address = local.split(':')[0]!;
      if (!wide) found.push(address === '0100007F' ? '127.0.0.1' : address === '00000000' ? '0.0.0.0' : address);
      else found.push(/^0+$/.test(address) ? '::' : /^0+10+$/.test(address) ? '::1' : address);
    }
  }
  return found;
}

const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(3000) }).then(
    () => true,
    () => false,
  );

describe('a server with the demo accounts', () => {
  const children: ChildProcess[] = [];
  const drops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    for (const drop of drops) await drop();
  });

  async function start(env: Record<string, string>) {
    const port = await freePort();
    const database = await emptyServerDatabase('demohost');
    drops.push(database.drop);
    // HOST empty is HOST unset: the server decides.
    const server = spawnServer({ ...database.env, PORT: String(port), HOST: '', ...env }, { captureOutput: true });
    children.push(server);
    await waitFor(
      async () => ((await answers(`http://127.0.0.1:${port}/api/health`)) ? true : undefined),
      120_000,
      'the server',
    );
    return { server, port };
  }

  it('listens on loopback only while their published passwords open them, and says so', async () => {
    const { server, port } = await start({ SEED_DEMO: '1' });
    await waitFor(
      async () => (/Listening on this machine only/.test(server.output()) ? true : undefined),
      60_000,
      'the banner',
    );
    expect(server.output()).toMatch(/running at http:\/\/127\.0\.0\.1:\d+/);
    expect(await listeningOn(port)).toEqual(['127.0.0.1']);
    server.kill('SIGTERM');
    await stopped(server);
  }, 180_000);

  it('listens on every interface without them, and where HOST says with them', async () => {
    const bare = await start({ SEED_DEMO: '0' });
    expect(await listeningOn(bare.port)).toEqual(['0.0.0.0']);
    expect(bare.server.output()).not.toMatch(/Listening on this machine only/);
    bare.server.kill('SIGTERM');
    await stopped(bare.server);
    const chosen = await start({ SEED_DEMO: '1', HOST: '0.0.0.0' });
    expect(await listeningOn(chosen.port)).toEqual(['0.0.0.0']);
    chosen.server.kill('SIGTERM');
    await stopped(chosen.server);
  }, 240_000);
});
