// `npx tsx scripts/bench/ward-boundaries.ts`: what the ward boundaries cost. Prints
// 1. the boundary check's CPU time on two wards of interleaved combs (tests/support/ward-combs.ts), at
//    growing sizes up to the largest file allowed, with the check as it is and, when BEFORE names a commit,
//    with that commit's check (read from git; its pairwise tests grow with the square, so it runs only the
//    smaller sizes, and the largest is extrapolated from the last);
// 2. the server's CPU per /api/Public/wards/at request with the largest valid file in use (a 5 × 5 grid of
//    wards drawn with 49,925 positions), from the server process's own counters, on the built server in
//    BUILD_DIR (SQLite, or PostgreSQL when TEST_POSTGRES_URL is set).
// SKIP_CHECK=1 leaves out part 1, SKIP_SERVER=1 part 2. It asserts nothing: the figures go to
// bench/ward-boundaries.md.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkWardBoundaries } from '../../src/features/wards/ward-geometry';
import { combBoundaries, detailedGrid } from '../../tests/support/ward-combs';
import { startServer } from '../../tests/support/server';
import { openServerDatabase } from '../../tests/support/database';
import { cpuSeconds } from './process-cpu';

type Check = (geojson: unknown, wards: readonly string[]) => unknown;
const SIZES = [62, 125, 250, 1249];
const OLD_SIZES = 3;
const REQUESTS = Number(process.env.WARD_REQUESTS || 400);

const threadCpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

/** The best of three runs' CPU, in ms: the least disturbed by the rest of the machine. */
function cpuOf(check: Check, teeth: number): { ms: number; outcome: string } {
  const file = combBoundaries({ teeth, toothWidth: 0.01 / (2 * teeth) });
  let best = Infinity;
  let outcome = 'passed';
  for (let run = 0; run < 3; run++) {
    const start = threadCpuMs();
    try {
      check(file, ['1', '2']);
    } catch (err) {
      outcome = `refused (${(err as { problems?: { code: string }[] }).problems?.[0]?.code ?? err})`;
    }
    best = Math.min(best, threadCpuMs() - start);
  }
  return { ms: best, outcome };
}

/** The check of an earlier commit, written out from git beside a temporary copy and loaded from there. */
async function checkAt(commit: string): Promise<Check> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ward-check-'));
  for (const file of ['ward-geometry.ts', 'ward-gaps.ts']) {
    fs.writeFileSync(path.join(dir, file), execFileSync('git', ['show', `${commit}:src/features/wards/${file}`]));
  }
  return ((await import(pathToFileURL(path.join(dir, 'ward-geometry.ts')).href)) as { checkWardBoundaries: Check }).checkWardBoundaries;
}

async function lookUpCost() {
  const server = await startServer();
  const url = (p: string) => `${server.url}${p}`;
  try {
    // Written straight into the database before the first look-up, so that a build whose upload check takes
    // minutes over this file can be measured too (the grid passes today's check: tests/unit).
    const database = openServerDatabase(server.dataDir);
    const wards = await database.selectFrom('ward').select(['id', 'ward_number']).execute();
    const idOf = new Map(wards.map((w) => [w.ward_number, w.id]));
    await database.deleteFrom('ward_boundary').execute();
    const at = new Date().toISOString();
    await database
      .insertInto('ward_boundary')
      .values(detailedGrid().features.map((f) => ({ ward_id: idOf.get(String(f.properties.ward))!, polygons: JSON.stringify([f.geometry.coordinates]), updated_at: at })))
      .execute();
    await database.destroy();
    // Points across the town and beyond it, the same for every build.
    const points = Array.from({ length: REQUESTS }, (_, i) => [26.12 + ((i * 37) % 60) / 1000, 85.87 + ((i * 53) % 60) / 1000]);
    for (const [lat, long] of points.slice(0, 20)) await (await fetch(url(`/api/Public/wards/at?lat=${lat}&long=${long}`))).text();
    // The same requests refused for a coordinate that is not one: what answering costs without the look-up.
    const perRequest = async (query: (lat: number, long: number) => string) => {
      const before = cpuSeconds(server.pid);
      const started = performance.now();
      for (const [lat, long] of points) await (await fetch(url(`/api/Public/wards/at?${query(lat, long)}`))).text();
      return { cpuMs: ((cpuSeconds(server.pid) - before) * 1000) / REQUESTS, wallMs: (performance.now() - started) / REQUESTS };
    };
    const lookUps = await perRequest((lat, long) => `lat=${lat}&long=${long}`);
    const refusals = await perRequest((lat) => `lat=${lat}&long=east`);
    console.log(`wards/at, ${REQUESTS} requests one after another: server CPU ${lookUps.cpuMs.toFixed(2)} ms a look-up (${lookUps.wallMs.toFixed(2)} ms end to end), ${refusals.cpuMs.toFixed(2)} ms a refusal without a look-up: the look-up's own part ${(lookUps.cpuMs - refusals.cpuMs).toFixed(2)} ms`);
  } finally {
    await server.stop();
  }
}

async function main() {
  console.log(`load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}, ${os.cpus().length} cores`);
  const old = process.env.BEFORE ? await checkAt(process.env.BEFORE) : null;
  for (const [i, teeth] of process.env.SKIP_CHECK === '1' ? [] : SIZES.entries()) {
    const positions = 10 * (4 * teeth + 3);
    const now = cpuOf(checkWardBoundaries, teeth);
    let before = '';
    if (old && i < OLD_SIZES) before = `, before ${cpuOf(old, teeth).ms.toFixed(0)} ms`;
    else if (old) before = ', before not run (minutes; about the square of the size)';
    console.log(`comb of ${teeth} teeth a band (${positions} positions): now ${now.ms.toFixed(0)} ms CPU, ${now.outcome}${before}`);
  }
  if (process.env.SKIP_SERVER !== '1') await lookUpCost();
}

await main();
