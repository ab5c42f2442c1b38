// `npm start`: builds when the build is missing or older than the sources, then runs the server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const built = `${process.env.BUILD_DIR || 'dist'}/main.mjs`;

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const sources = ['src', 'db', 'public', 'astro.config.mjs', 'package.json'];
const stale = !fs.existsSync(built) || Math.max(...sources.map(newestMtime)) > fs.statSync(built).mtimeMs;
if (stale) {
  console.log('Building the site (first start or sources changed)...');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('Cannot start: the build failed (see above).');
    process.exit(1);
  }
}
// The demo is a platform of two councils with the state's console on its own host (README, "Several councils").
if (!process.env.STATE_HOST && process.env.NODE_ENV !== 'production' && (process.env.SEED ?? 'demo') === 'demo') process.env.STATE_HOST = 'state.localhost';
await import(pathToFileURL(path.resolve(built)).href);
