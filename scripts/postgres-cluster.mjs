// A throwaway PostgreSQL server for the tests and the benchmark: a new cluster in a temporary folder,
// listening on 127.0.0.1 and a free port (and a socket in that folder), removed again on stop. Uses the
// server programs of Debian's postgresql package; as root they run as the postgres user, since PostgreSQL
// refuses to run as root.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The folder holding initdb and pg_ctl (the newest installed version), or null. */
export function findPostgresBin() {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb')) && fs.existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts a cluster. `durable: false` (the tests) turns off waiting for the disk, which only matters if the
 * machine crashes; the benchmark keeps PostgreSQL's defaults so its figures mean something.
 * Returns { url, stop } or throws with what went wrong.
 */
export async function startThrowawayCluster({ durable = false } = {}) {
  const bin = findPostgresBin();
  if (!bin) throw new Error('no PostgreSQL server programs found (Debian: apt-get install postgresql)');
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'council-pg-'));
  if (asRoot) spawnSync('chown', ['postgres:postgres', dir]);
  const run = (program, args) => {
    const command = asRoot ? 'runuser' : path.join(bin, program);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', path.join(bin, program), ...args] : args;
    const result = spawnSync(command, fullArgs, { encoding: 'utf8', cwd: dir });
    if (result.status !== 0) throw new Error(`${program} failed: ${(result.stderr || result.stdout || String(result.error)).trim()}`);
  };
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const settings = [`-c listen_addresses=127.0.0.1`, `-p ${port}`, `-k ${dir}`, `-c max_connections=200`];
  if (!durable) settings.push('-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off');
  try {
    run('pg_ctl', ['-D', data, '-o', settings.join(' '), '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  } catch (err) {
    const log = fs.existsSync(path.join(dir, 'server.log')) ? fs.readFileSync(path.join(dir, 'server.log'), 'utf8') : '';
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`${err.message}\n${log}`);
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
