// Bundles the Node entry (src/entry-registrations.ts, which starts src/server/main.ts) next to Astro's build output as dist/main.mjs, and the demo
// seed as dist/demo-seed.mjs: the entry imports the seed only when a start fills an empty database with demo
// content, so the production server's own bundle carries none of it (its picture drawing and documents).
// Native and heavy packages stay external and load from node_modules at run time.
import { build } from 'esbuild';

const outDir = process.env.BUILD_DIR || 'dist';
export const DEMO_SEED_FILE = 'demo-seed.mjs';

/** Resolves the entry's lazy import of db/seed/demo to the separately built file beside it. */
const demoSeedApart = {
  name: 'demo-seed-apart',
  setup(bundle) {
    bundle.onResolve({ filter: /\/db\/seed\/demo$/ }, () => ({ path: `./${DEMO_SEED_FILE}`, external: true }));
  },
};

const common = { bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' };
await build({ ...common, entryPoints: ['src/entry-registrations.ts'], outfile: `${outDir}/main.mjs`, plugins: [demoSeedApart] });
await build({ ...common, entryPoints: ['db/seed/demo.ts'], outfile: `${outDir}/${DEMO_SEED_FILE}` });
