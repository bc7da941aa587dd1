import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Endpoint } from '@agentdesk/contract/endpoint';

/** packages/contract/src, from this file's place in apps/server/src/test. */
const CONTRACT_SRC = fileURLToPath(new URL('../../../../packages/contract/src/', import.meta.url));

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Endpoint).method === 'string' &&
  typeof (value as Endpoint).path === 'string' &&
  typeof (value as Endpoint).auth === 'string' &&
  // An endpoint answering the envelope has `data`; one answering a file has its `contentType`.
  ('data' in value || 'contentType' in value);

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return Promise.resolve(entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []);
    }),
  );
  return nested.flat();
}

/**
 * Every endpoint the contract defines, read from its source files (not from a list someone
 * keeps): an endpoint added to any file of the contract is here. Each with the file it is in.
 */
export async function contractEndpoints(): Promise<Array<{ endpoint: Endpoint; file: string; name: string }>> {
  const found: Array<{ endpoint: Endpoint; file: string; name: string }> = [];
  for (const file of (await sourceFiles(CONTRACT_SRC)).sort()) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (isEndpoint(value)) found.push({ endpoint: value, file: relative(CONTRACT_SRC, file), name });
    }
  }
  return found;
}

/** `POST /api/v1/admin/funding-requests/:id/approve`: how the matrix names an endpoint. */
export const endpointKey = (endpoint: Pick<Endpoint, 'method' | 'path'>) => `${endpoint.method} ${endpoint.path}`;
