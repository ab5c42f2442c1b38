// Bundles the Node entry (src/server/main.ts) next to Astro's build output as dist/main.mjs.
// Native and heavy packages stay external and load from node_modules at run time.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: `${process.env.BUILD_DIR || 'dist'}/main.mjs`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
