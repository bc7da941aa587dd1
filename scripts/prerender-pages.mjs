#!/usr/bin/env node
/**
 * Prerenders the sign-in screens and the dashboard's frame to HTML after `vite build`
 * (decision 039), so that their first paint does not wait for the JavaScript. Loads
 * apps/web/src/prerender/render-pages.tsx through Vite (TypeScript, JSX, CSS imports), renders
 * each page, and writes, from the built index.html:
 *
 * - `dist/.prerendered/<page>.html`: the page's markup in `#root`, its stylesheets in <head>
 *   after the boot script, its entry (the app's, or the guest entry for the sign-in screens,
 *   decision 042) and its route's chunks loaded once it has painted, its title;
 * - `dist/assets/prerendered-<page>-<hash>.css`: the MUI styles of a page drawn with MUI;
 * - `dist/.prerendered/pages.json`: which paths each page answers and the placeholders the
 *   server replaces with its runtime configuration (apps/server/src/http/web-app.ts).
 *
 * A dot folder is not served as it is: the server fills the placeholders in and compresses each
 * page once. Run before scripts/precompress.mjs, which then compresses the stylesheets.
 *
 * Usage: node scripts/prerender-pages.mjs [web app directory, default apps/web]
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, defaultServerConditions } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = resolve(process.argv[2] ?? join(root, 'apps/web'));
const dist = join(web, 'dist');
const out = join(dist, '.prerendered');

/** The build's files for some source modules: each chunk with its static imports, and their CSS. */
function assetsOf(manifest, modules) {
  const scripts = new Set();
  const styles = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`prerender: ${key} is not in the build's manifest`);
    if (scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return { scripts: [...scripts], styles: [...styles] };
}

const shortHash = (text) => createHash('sha256').update(text).digest('base64url').slice(0, 10);

function escapeText(text) {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * index.html made into one page: stylesheets moved into <head>, where the page's markup needs
 * them; the scripts (the entry, its imports and the route's chunks) added by a loader once the
 * page has painted, instead of competing with the stylesheets for a slow network.
 */
function pageHtml(template, manifest, page, scripts, placeholders, pageCss) {
  // The app's entry, or the guest pages' (decision 042).
  const entry = assetsOf(manifest, [page.entry]);
  const route = assetsOf(manifest, page.modules);
  const stylesheet = (href, extra = '') => `<link rel="stylesheet" crossorigin href="./${href}"${extra}>`;
  const styles = [
    ...entry.styles.map((href) => stylesheet(href)),
    ...route.styles.filter((href) => !entry.styles.includes(href)).map((href) => stylesheet(href)),
    ...(pageCss ? [stylesheet(pageCss, ' data-prerendered-css')] : []),
    // What emotion takes for its own server-rendered styles (decision 048): it counts these names
    // as inserted, so the app's first commit neither compiles nor inserts what the stylesheet
    // above holds already. Empty: the rules are in the stylesheet, cached with the other assets.
    ...(pageCss && page.emotionNames?.length
      ? [`<style data-emotion="css ${page.emotionNames.join(' ')}"></style>`]
      : []),
  ];
  const [entryFile, ...entryImports] = entry.scripts;
  const preloads = [...entryImports, ...route.scripts.filter((file) => !entry.scripts.includes(file))];
  const title = page.title ? `${escapeText(page.title)} | ${placeholders.brandName}` : placeholders.brandName;
  const rootAttributes = [
    `data-prerendered="${page.drawnFor}"`,
    // The frame does nothing until the app has taken over: inert, nobody clicks in vain.
    ...(page.drawnFor === 'signed-in' ? ['inert'] : []),
  ].join(' ');

  let html = template.replace(
    /[ \t]*<(?:link rel="(?:stylesheet|modulepreload)"[^>]*>|script type="module"[^>]*><\/script>)\n?/g,
    '',
  );
  html = html.replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`);
  // The boot script before the stylesheets: a script after a pending stylesheet waits for it.
  // The page's own head script (the home's early request, decision 047) right after it.
  const headScripts = [scripts.boot, ...(page.headScript ? [page.headScript] : [])];
  html = html.replace(
    '</head>',
    `  ${headScripts.map((script) => `<script>${script}</script>`).join('\n    ')}\n    ${styles.join('\n    ')}\n  </head>`,
  );
  html = html.replace('<div id="root"></div>', `<div id="root" ${rootAttributes}>${page.html}</div>`);
  html = html.replace('</body>', `  <script>${scripts.loader(entryFile, preloads)}</script>\n  </body>`);
  return html;
}

// React, MUI and emotion as the browser build has them: production code, no class name labels.
process.env.NODE_ENV = 'production';
const vite = await createServer({
  root: web,
  mode: 'production',
  logLevel: 'warn',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
  // The contract's TypeScript sources, as the browser build reads them.
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
});
try {
  const { renderPages, PLACEHOLDERS } = await vite.ssrLoadModule('/src/prerender/render-pages.tsx');
  const { appLoaderScript } = await vite.ssrLoadModule('/src/prerender/boot-script.ts');
  const { pages, bootScript } = await renderPages();
  const scripts = { boot: bootScript, loader: appLoaderScript };
  const template = await readFile(join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(await readFile(join(dist, '.vite/manifest.json'), 'utf8'));

  await rm(out, { recursive: true, force: true });
  await mkdir(out);
  const listed = [];
  for (const page of pages) {
    let pageCss;
    if (page.css) {
      pageCss = `assets/prerendered-${page.name}-${shortHash(page.css)}.css`;
      await writeFile(join(dist, pageCss), page.css);
    }
    const file = `${page.name}.html`;
    await writeFile(join(out, file), pageHtml(template, manifest, page, scripts, PLACEHOLDERS, pageCss));
    listed.push({ file, paths: page.paths });
    console.log(
      `prerender: ${file} (${(page.html.length / 1024).toFixed(1)} KiB of markup) for /${page.paths.join(', /')}`,
    );
  }
  await writeFile(
    join(out, 'pages.json'),
    `${JSON.stringify({ placeholders: PLACEHOLDERS, pages: listed }, null, 2)}\n`,
  );
} finally {
  await vite.close();
}
