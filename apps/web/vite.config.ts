import { fileURLToPath } from 'node:url';
import { defineConfig, defaultClientConditions, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The server injects `<base href>` at the end of <head>; a relative URL parsed before it
 * would resolve against the page's own path (/user/profile → /user/assets/...). So the
 * built script and style tags move to the end of <body>, after the <base>. Module scripts
 * are deferred anyway, so this costs nothing.
 */
function assetsAfterBase(): Plugin {
  return {
    name: 'agentdesk:assets-after-base',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const tags: string[] = [];
        const pattern =
          /[ \t]*<(?:script type="module"[^>]*><\/script>|link rel="(?:modulepreload|stylesheet)"[^>]*>)\n?/g;
        const stripped = html.replace(pattern, (tag) => {
          tags.push(tag.trim());
          return '';
        });
        // Styles first, so they are in place before the entry script runs.
        tags.sort((a, b) => Number(b.includes('stylesheet')) - Number(a.includes('stylesheet')));
        return stripped.replace('</body>', `  ${tags.join('\n    ')}\n  </body>`);
      },
    },
  };
}

/** The protected frame (guard, theme, top bar, menu): every signed-in agent screen comes with it. */
const FRAME = /[\\/]src[\\/]app[\\/]layout[\\/]main-layout\.tsx$/;
/**
 * Parts of the frame loaded when first used (the notifications panel): their libraries go with the
 * frame's, or the MUI parts they share with the screens (Alert, Button) would be split into chunks
 * of their own that the home then loads one by one.
 */
const FRAME_LATER = [/[\\/]src[\\/]features[\\/]notifications[\\/]components[\\/]notifications-panel\.tsx$/];
/** Lazy modules a page without the frame may load: the sign-in screens (and their API calls), the toasts. */
const WITHOUT_FRAME = [
  /[\\/]src[\\/]features[\\/]auth[\\/]/,
  /[\\/]src[\\/]app[\\/]toasts\.tsx$/,
  /[\\/]node_modules[\\/]react-toastify[\\/]/,
];
/** The guest entry (decision 042): the first download of /login, /register and /reset-password. */
const GUEST_ENTRY = /[\\/]src[\\/]guest\.tsx$/;
/** The guest pages' screens, which the guest entry loads (and the page preloads with it). */
const GUEST_PAGE = /[\\/]src[\\/]guest[\\/]guest-page\.tsx$/;
/** main.tsx's first import: it must run before any other module (it makes zod jitless). */
const RUNS_FIRST = /[\\/]src[\\/]app[\\/]zod-jitless\.ts$/;
/** The chunks' names (scripts/bundle-size.mjs looks for the frame's). */
const FRAME_LIBRARIES_CHUNK = 'frame-libs';
const APP_CORE_CHUNK = 'app-core';
const SHARED_CORE_CHUNK = 'shared-core';

/**
 * Two chunks that Rolldown's automatic splitting would scatter. It puts the modules reached by
 * the same set of entries (the app's entry, each lazy screen) in one chunk, so when the operator
 * console, a lazy entry too, came to share MUI parts and lib/ modules with the agent's screens,
 * their chunks split into more, smaller files: the signed-in home downloaded 3.3 KiB more
 * (243.5 KiB brotli in 58 files, against 240.2 in 51 without the console), /login 0.5 more.
 *
 * - `frame-libs`: the libraries the protected frame imports (MUI, emotion, Popper...). Every
 *   signed-in agent page loads the frame, so all of them anyway. The console loads the chunk too
 *   (library code only, no module of the agent's app). Left out: what a page without the frame
 *   may load (zod, clsx), so that /login never downloads it (scripts/bundle-size.mjs checks it),
 *   and the entry's modules.
 * - `app-core`: the entry's modules that lazy screens import too (React, Redux Toolkit and RTK
 *   Query, the session, the config, the guards...), which Rolldown left partly in the entry and
 *   partly in small chunks. Every page loads them all with the entry. A module's imports are
 *   reached by whatever reaches it, so the chunk holds its own dependencies and runs whole before
 *   the entry's modules; zod-jitless.ts is in it, first, as main.tsx wants.
 *
 * Together: /login 118.0 KiB in 9 files, the home 228.2 KiB in 29 (`npm run size`); with the
 * notifications panel fetched on first use (FRAME_LATER) and decision 039's take-over, 118.3 and
 * 227.5 KiB in 28.
 */
function sharedChunks(): {
  plugin: Plugin;
  frameLibraries: (id: string) => boolean;
  appCore: (id: string) => boolean;
  sharedCore: (id: string) => boolean;
} {
  const frameLibraries = new Set<string>();
  const appCore = new Set<string>();
  const sharedCore = new Set<string>();
  const plugin: Plugin = {
    name: 'agentdesk:shared-chunks',
    apply: 'build',
    buildEnd() {
      frameLibraries.clear();
      appCore.clear();
      sharedCore.clear();
      const ids = [...this.getModuleIds()];
      const info = (id: string) => this.getModuleInfo(id);
      const staticClosure = (starts: string[]) => {
        const seen = new Set(starts);
        const stack = [...starts];
        for (let id = stack.pop(); id !== undefined; id = stack.pop())
          for (const next of info(id)?.importedIds ?? [])
            if (!seen.has(next)) {
              seen.add(next);
              stack.push(next);
            }
        return seen;
      };
      const frame = ids.find((id) => FRAME.test(id));
      if (!frame) throw new Error(`agentdesk:shared-chunks: no module matches ${FRAME}`);
      const guestEntry = ids.find((id) => GUEST_ENTRY.test(id));
      if (!guestEntry) throw new Error(`agentdesk:shared-chunks: no module matches ${GUEST_ENTRY}`);
      const entries = ids.filter((id) => info(id)?.isEntry && id !== guestEntry);
      const initial = staticClosure(entries);
      const guest = staticClosure([guestEntry, ...ids.filter((id) => GUEST_PAGE.test(id))]);
      const lazy = staticClosure(ids.flatMap((id) => info(id)?.dynamicallyImportedIds ?? []));
      for (const id of initial)
        if (guest.has(id)) sharedCore.add(id);
        else if ((lazy.has(id) || RUNS_FIRST.test(id)) && !entries.includes(id)) appCore.add(id);
      const withoutFrame = staticClosure(ids.filter((id) => WITHOUT_FRAME.some((pattern) => pattern.test(id))));
      for (const id of staticClosure([frame, ...ids.filter((id) => FRAME_LATER.some((pattern) => pattern.test(id)))]))
        if (/[\\/]node_modules[\\/]/.test(id) && !initial.has(id) && !withoutFrame.has(id) && !guest.has(id))
          frameLibraries.add(id);
    },
  };
  return {
    plugin,
    frameLibraries: (id) => frameLibraries.has(id),
    appCore: (id) => appCore.has(id),
    sharedCore: (id) => sharedCore.has(id),
  };
}

const shared = sharedChunks();

/**
 * The server injects `<base href="{BASE_PATH}">` into index.html, so assets are built with
 * relative URLs (`base: './'`) and resolve under whatever base path the provider chooses.
 */
export default defineConfig({
  base: './',
  plugins: [react(), assetsAfterBase(), shared.plugin],
  resolve: {
    // Read the contract's TypeScript sources directly: no stale dist in development.
    conditions: ['source', ...defaultClientConditions],
  },
  build: {
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The app, and the guest pages' entry (decision 042).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        guest: fileURLToPath(new URL('./src/guest.tsx', import.meta.url)),
      },
      output: {
        codeSplitting: {
          groups: [
            // First: what both entries run at start (React, the session, the toasts); then the
            // app's own, which would otherwise take these along as its dependencies.
            { name: SHARED_CORE_CHUNK, test: shared.sharedCore, priority: 3 },
            { name: APP_CORE_CHUNK, test: shared.appCore, priority: 2 },
            // Not their dependencies too: those the entry or /login has must stay where they are.
            {
              name: FRAME_LIBRARIES_CHUNK,
              test: shared.frameLibraries,
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
