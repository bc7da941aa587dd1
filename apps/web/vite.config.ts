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
/** Lazy modules a page without the frame may load: the sign-in screens (and their API calls), the toasts. */
const WITHOUT_FRAME = [
  /[\\/]src[\\/]features[\\/]auth[\\/]/,
  /[\\/]src[\\/]app[\\/]toasts\.tsx$/,
  /[\\/]node_modules[\\/]react-toastify[\\/]/,
];
/** The name of the chunk of the frame's libraries (scripts/bundle-size.mjs looks for it). */
const FRAME_LIBRARIES_CHUNK = 'frame-libs';

/**
 * The libraries the protected frame imports (MUI, emotion, Popper...) as one chunk. Rolldown puts
 * the modules reached by the same set of entries (the app's entry, each lazy screen) in one
 * chunk, so when the operator console, a lazy entry too, came to share MUI parts with the
 * agent's screens, those chunks split into more, smaller files: the signed-in home downloaded
 * 3 KiB more (243.5 KiB brotli in 58 files, against 240.2 in 51 without the console). Every
 * signed-in agent page loads the frame, so all of these libraries anyway: one chunk costs no
 * agent page a byte, and the home is 229.7 KiB in 32 files. The console loads the chunk too
 * (library code only, no module of the agent's app). Left where Rolldown puts them: the entry's
 * own modules, and what a page without the frame may load (zod, clsx), so that /login never
 * downloads the frame's libraries (scripts/bundle-size.mjs checks it).
 */
function frameLibraries(): { plugin: Plugin; test: (id: string) => boolean } {
  const members = new Set<string>();
  const plugin: Plugin = {
    name: 'agentdesk:frame-libraries',
    apply: 'build',
    buildEnd() {
      members.clear();
      const ids = [...this.getModuleIds()];
      const imports = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const staticClosure = (starts: string[]) => {
        const seen = new Set(starts);
        const stack = [...starts];
        for (let id = stack.pop(); id !== undefined; id = stack.pop())
          for (const next of imports(id))
            if (!seen.has(next)) {
              seen.add(next);
              stack.push(next);
            }
        return seen;
      };
      const frame = ids.find((id) => FRAME.test(id));
      if (!frame) throw new Error(`agentdesk:frame-libraries: no module matches ${FRAME}`);
      const elsewhere = staticClosure([
        ...ids.filter((id) => this.getModuleInfo(id)?.isEntry),
        ...ids.filter((id) => WITHOUT_FRAME.some((pattern) => pattern.test(id))),
      ]);
      for (const id of staticClosure([frame]))
        if (/[\\/]node_modules[\\/]/.test(id) && !elsewhere.has(id)) members.add(id);
    },
  };
  return { plugin, test: (id) => members.has(id) };
}

const frameLibs = frameLibraries();

/**
 * The server injects `<base href="{BASE_PATH}">` into index.html, so assets are built with
 * relative URLs (`base: './'`) and resolve under whatever base path the provider chooses.
 */
export default defineConfig({
  base: './',
  plugins: [react(), assetsAfterBase(), frameLibs.plugin],
  resolve: {
    // Read the contract's TypeScript sources directly: no stale dist in development.
    conditions: ['source', ...defaultClientConditions],
  },
  build: {
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Not their dependencies too: those the entry or /login has must stay where they are.
          groups: [{ name: FRAME_LIBRARIES_CHUNK, test: frameLibs.test, includeDependenciesRecursively: false }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
