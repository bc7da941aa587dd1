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

/**
 * The server injects `<base href="{BASE_PATH}">` into index.html, so assets are built with
 * relative URLs (`base: './'`) and resolve under whatever base path the provider chooses.
 */
export default defineConfig({
  base: './',
  plugins: [react(), assetsAfterBase()],
  resolve: {
    // Read the contract's TypeScript sources directly: no stale dist in development.
    conditions: ['source', ...defaultClientConditions],
  },
  build: {
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
