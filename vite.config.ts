import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { preloadDependencies } from './scripts/module-preload.ts';
import { precompress } from './scripts/precompress.ts';
import { pwaOptions } from './scripts/pwa.ts';

// The web app. `npm run dev:web` serves it on :5173 and proxies /api (including the
// Server-Sent Events stream at /api/events) to the API server on :3000.
// `vite build` writes dist/ with content-hashed files under dist/assets/, which the
// server may cache for a long time; index.html itself must not be cached. Text files get `.br` and
// `.gz` twins (scripts/precompress.ts) that the server sends to browsers that accept them, and
// dist/.vite/manifest.json says which chunks each page needs (bench/landing.ts reads it).
// The web app manifest and the service worker (sw.js, an offline shell for the public pages) come
// from vite-plugin-pwa: scripts/pwa.ts and docs/decisions/0059-service-worker-and-landing-split.md.
export default defineConfig({
  plugins: [react(), tailwindcss(), VitePWA(pwaOptions(path.resolve(import.meta.dirname, 'dist'))), precompress()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000' },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    // Every browser we support preloads modules itself (Chrome 66, Firefox 115, Safari 17).
    modulePreload: {
      polyfill: false,
      // The admin and test-mode pages' preload lists stay out of the entry (scripts/module-preload.ts).
      resolveDependencies: preloadDependencies,
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and the router change rarely: one long-cached chunk, fetched with the entry.
          // Everything else splits automatically; each page is its own lazy chunk.
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
});
