// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { featurePages } from './scripts/astro/feature-pages.mjs';

export default defineConfig({
  output: 'server',
  // BUILD_DIR lets several builds of one checkout live side by side (dist by default).
  outDir: process.env.BUILD_DIR || './dist',
  // Middleware mode: our own Node entry (src/server/main.ts) owns the HTTP server so that the page cache
  // can answer before Astro renders anything.
  adapter: node({ mode: 'middleware' }),
  // Each module's pages are routed from its own folder (scripts/astro/feature-pages.mjs).
  integrations: [react(), featurePages()],
  // Astro's own origin check refuses every multipart POST without a browser Origin header, which would lock
  // out the existing mobile app (it authenticates with a bearer token). src/middleware.ts checks the origin
  // of cookie-authenticated writes instead, which is what CSRF protection needs.
  security: { checkOrigin: false },
  vite: {
    ssr: { external: ['better-sqlite3', 'sharp', 'pg'] },
    // A page's own small <script> would be inlined into its HTML, where the Content-Security-Policy refuses it
    // (only our origin's files and the island loaders' hashes run): scripts are always files. Other assets as before.
    build: { assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined) },
  },
  devToolbar: { enabled: false },
});
