import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { adminToken, documentCreate, labelledPdf } from '../../scripts/ops/admin-client';
import { createSqliteDatabase, SQLITE_ONLY } from '../../scripts/ops/database-file';
import { bearer } from '../support/api';
import { askHost, bearerOf, createTestCouncil, PLATFORM_ENV, signInOn } from '../support/platform';
import { SCRIPT_TEST_TIMEOUT, npmRun as runScript } from '../support/npm-run';
import { startServer, tempDataDir } from '../support/server';

/** `npm run backup` while the server runs, then `npm run restore` with it stopped: the round trips, council by council and whole. */

const npmRun = (args: string[], dataDir: string, env: Record<string, string> = {}) => runScript(args, { env: { DATA_DIR: dataDir, ...SQLITE_ONLY, ...env } });

async function createNotice(url: string, title: string): Promise<void> {
  const { body, contentType } = documentCreate('Notice', title, labelledPdf(title));
  const res = await fetch(`${url}/api/Admin/notice?media=url`, { method: 'POST', headers: { ...bearer(await adminToken(url)), 'content-type': contentType }, body: new Uint8Array(body) });
  expect(res.status).toBe(201);
}

async function noticeTitles(url: string): Promise<string[]> {
  const res = await fetch(`${url}/api/Admin/notice?media=url`, { headers: bearer(await adminToken(url)) });
  return ((await res.json()) as { title: string }[]).map((n) => n.title);
}

/** Rows read straight from a council's SQLite file, with no server running. */
function rowsIn<T>(dir: string, statement: string): T[] {
  const file = new Database(path.join(dir, 'council.sqlite'), { readonly: true });
  try {
    return file.prepare(statement).all() as T[];
  } finally {
    file.close();
  }
}
const newsTitles = (dir: string) => rowsIn<{ title: string }>(dir, 'SELECT title FROM latest_news ORDER BY id').map((r) => r.title).filter((t) => t.startsWith('Second'));
const noticeTitlesIn = (dir: string) => rowsIn<{ title: string }>(dir, 'SELECT title FROM notice').map((r) => r.title);

const backupNames = (dataDir: string) => fs.readdirSync(path.join(dataDir, 'backups')).filter((n) => /^council-\d{8}-\d{6}(-\d+)?\.sqlite$/.test(n));

describe('backup and restore', { timeout: SCRIPT_TEST_TIMEOUT }, () => {
  it('backs up every council and the platform while serving, restores one council, then the whole set', async () => {
    const dataDir = tempDataDir();
    await createSqliteDatabase(dataDir);
    let server = await startServer({ ...SQLITE_ONLY, ...PLATFORM_ENV, SEED: 'none' }, { dataDir });
    const second = await createTestCouncil(server, 'second.test');
    const secondDir = path.join(dataDir, 'councils', second.slug);
    let stamp: string;
    try {
      const secondToken = await signInOn(server, second.host, second.admin);
      const news = async (title: string) => {
        const made = await askHost(server, second.host, 'POST', '/api/Admin/latest-news', bearerOf(secondToken), { id: 0, title, description: 'Ward office.' });
        expect(made.status, made.body).toBe(201);
      };
      await createNotice(server.url, 'Before the backup');
      await news('Second before the backup');
      const backup = await npmRun(['backup'], dataDir);
      expect(backup.code, backup.out).toBe(0);
      // One set, one stamp: each council's copy in its own folder, the platform's in the data folder's.
      stamp = /npm run restore -- (\S+)/.exec(backup.out)![1];
      const backedUp = [...backup.out.matchAll(/Backed up (.+?) to (\S+) \(/g)].map((m) => [m[1], m[2]]);
      expect(backedUp).toEqual([
        ['council first', path.join(dataDir, 'backups', `council-${stamp}.sqlite`)],
        [`council ${second.slug}`, path.join(secondDir, 'backups', `council-${stamp}.sqlite`)],
        ['the platform', path.join(dataDir, 'backups', `platform-${stamp}.sqlite`)],
      ]);
      const one = await npmRun(['backup', '--', '--council', second.slug], dataDir);
      expect(one.code, one.out).toBe(0);
      expect([...one.out.matchAll(/Backed up (.+?) to/g)].map((m) => m[1])).toEqual([`council ${second.slug}`]);
      const unknown = await npmRun(['backup', '--', '--council', 'nowhere'], dataDir);
      expect(unknown.code).toBe(1);
      expect(unknown.out).toMatch(/No council has the slug "nowhere"/);

      await createNotice(server.url, 'After the backup');
      await news('Second after the backup');
      const refused = await npmRun(['restore', '--', '--council', second.slug, `council-${stamp}.sqlite`], dataDir);
      expect(refused.code).toBe(1);
      expect(refused.out).toMatch(/Stop the server first/);
    } finally {
      await server.stop();
    }

    // One council: the other keeps what came after.
    const restoredOne = await npmRun(['restore', '--', '--council', second.slug, `council-${stamp}.sqlite`], dataDir);
    expect(restoredOne.code, restoredOne.out).toBe(0);
    expect(fs.existsSync(path.join(secondDir, 'council.sqlite-wal'))).toBe(false);
    expect(fs.existsSync(/kept at (\S+)\./.exec(restoredOne.out)![1])).toBe(true);
    expect(newsTitles(secondDir)).toEqual(['Second before the backup']);
    expect(noticeTitlesIn(dataDir)).toContain('After the backup');

    const restoredAll = await npmRun(['restore', '--', stamp], dataDir);
    expect(restoredAll.code, restoredAll.out).toBe(0);
    expect(restoredAll.out).toMatch(/Restored the platform/);
    server = await startServer({ ...SQLITE_ONLY, ...PLATFORM_ENV, SEED: 'none' }, { dataDir });
    try {
      const titles = await noticeTitles(server.url);
      expect(titles).toContain('Before the backup');
      expect(titles).not.toContain('After the backup');
      expect((await askHost(server, second.host, 'GET', '/')).body).toContain('Second before the backup');
    } finally {
      await server.stop();
    }
  });

  it('keeps only the newest BACKUP_KEEP backups and refuses a file that is not a council database', async () => {
    const dataDir = tempDataDir();
    await createSqliteDatabase(dataDir);
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const run = await npmRun(['backup'], dataDir, { BACKUP_KEEP: '2' });
      expect(run.code, run.out).toBe(0);
      made.push(path.basename(/Backed up council first to (\S+) \(/.exec(run.out)![1]));
    }
    expect(backupNames(dataDir).sort()).toEqual(made.slice(-2).sort());

    const stranger = path.join(dataDir, 'not-a-database.sqlite');
    fs.writeFileSync(stranger, 'plain text');
    const refused = await npmRun(['restore', stranger], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/Not restored/);
  });
});
