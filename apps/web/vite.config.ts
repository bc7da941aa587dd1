import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The server injects `<base href="{BASE_PATH}">` into index.html, so assets are built with
 * relative URLs (`base: './'`) and resolve under whatever base path the provider chooses.
 */
export default defineConfig({
  base: './',
  plugins: [react()],
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
