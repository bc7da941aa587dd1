#!/usr/bin/env node
/**
 * Writes `.br` (brotli quality 11) and `.gz` (gzip level 9) next to every text asset of the
 * web build, so the server sends them as they are (decision 032): no compression per request.
 * Dot folders (.vite, the manifest) are skipped: the server does not serve them. Fonts and
 * images are already compressed.
 *
 * Usage: node scripts/precompress.mjs [dist directory, default apps/web/dist]
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What the server sends as text. Source maps are not built, so not listed. */
export const TEXT_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
]);

async function* textFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(path);
    else if (entry.isFile() && TEXT_EXTENSIONS.has(extname(entry.name))) yield path;
  }
}

/**
 * Every text file gets both siblings, however small: the server then never compresses a
 * static file on the fly, and a few bytes of overhead on a tiny chunk cost nothing.
 */
export async function precompress(dist) {
  let files = 0;
  let raw = 0;
  let br = 0;
  for await (const path of textFiles(dist)) {
    const content = await readFile(path);
    const [brotliBody, gzipBody] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gz(content, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${path}.br`, brotliBody), writeFile(`${path}.gz`, gzipBody)]);
    files += 1;
    raw += content.length;
    br += brotliBody.length;
  }
  return { files, raw, br };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const dist = resolve(process.argv[2] ?? join(root, 'apps/web/dist'));
  const { files, raw, br } = await precompress(dist);
  const kib = (bytes) => `${Math.round(bytes / 102.4) / 10} KiB`;
  console.log(`precompress: ${files} text files, ${kib(raw)} → ${kib(br)} brotli (and .gz)`);
}
