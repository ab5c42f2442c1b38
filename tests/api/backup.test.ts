import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminToken, documentCreate, labelledPdf } from '../../scripts/ops/admin-client';
import { createSqliteDatabase, SQLITE_ONLY } from '../../scripts/ops/database-file';
import { bearer } from '../support/api';
import { SCRIPT_TEST_TIMEOUT, npmRun as runScript } from '../support/npm-run';
import { startServer, tempDataDir } from '../support/server';

/** `npm run backup` while the server runs, then `npm run restore` with it stopped: the round trip. */

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

const backupNames = (dataDir: string) => fs.readdirSync(path.join(dataDir, 'backups')).filter((n) => /^council-\d{8}-\d{6}(-\d+)?\.sqlite$/.test(n));

describe('backup and restore', { timeout: SCRIPT_TEST_TIMEOUT }, () => {
  it('restores a backup taken while serving: what came before it is back, what came after is gone', async () => {
    const dataDir = tempDataDir();
    await createSqliteDatabase(dataDir);
    let server = await startServer({ ...SQLITE_ONLY, SEED: 'none' }, { dataDir });
    let file: string;
    try {
      await createNotice(server.url, 'Before the backup');
      const backup = await npmRun(['backup'], dataDir);
      expect(backup.code, backup.out).toBe(0);
      file = /Backed up to (\S+) \(/.exec(backup.out)![1];
      expect(path.dirname(file)).toBe(path.join(dataDir, 'backups'));
      await createNotice(server.url, 'After the backup');

      const refused = await npmRun(['restore', file], dataDir);
      expect(refused.code).toBe(1);
      expect(refused.out).toMatch(/Stop the server first/);
    } finally {
      await server.stop();
    }

    const restored = await npmRun(['restore', file], dataDir);
    expect(restored.code, restored.out).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'council.sqlite-wal'))).toBe(false);
    const aside = /kept at (\S+)\./.exec(restored.out)![1];
    expect(fs.existsSync(aside)).toBe(true);

    server = await startServer({ ...SQLITE_ONLY, SEED: 'none' }, { dataDir });
    try {
      const titles = await noticeTitles(server.url);
      expect(titles).toContain('Before the backup');
      expect(titles).not.toContain('After the backup');
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
      made.push(path.basename(/Backed up to (\S+) \(/.exec(run.out)![1]));
    }
    expect(backupNames(dataDir).sort()).toEqual(made.slice(-2).sort());

    const stranger = path.join(dataDir, 'not-a-database.sqlite');
    fs.writeFileSync(stranger, 'plain text');
    const refused = await npmRun(['restore', stranger], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/Not restored/);
  });
});
