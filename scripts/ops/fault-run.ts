import { randomBytes } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import { startServer, tempDataDir, type TestServer } from '../../tests/support/server';
import { adminToken, documentCreate, labelledPdf, sha256Of } from './admin-client';
import { createSqliteDatabase, databasePath, integrityProblems, SQLITE_ONLY } from './database-file';

/**
 * The crash-safety run: writers send admin creates while the server is killed with SIGKILL at random
 * moments and started again. After every restart the database file itself is checked: integrity, every
 * write answered 2xx present and whole, and no half-stored record.
 *
 * "Half-stored" is checked two ways. A record without its file: PRAGMA foreign_key_check finds no
 * reference to a missing media row, and every record this run wrote carries exactly the document bytes
 * (by SHA-256) its request sent. A file without its record: every media row created during the run is
 * referenced by some record; identical bytes are stored once, so one shared document may back many records.
 */
export interface FaultOptions {
  rounds: number;
  writers: number;
  /** The kill comes at a random moment this many milliseconds into a round's writes. */
  killAfterMs: [number, number];
  log: (line: string) => void;
}

export interface FaultFigures {
  rounds: number;
  attempted: number;
  acknowledged: number;
  /** Acknowledged writes found whole after the restarts. */
  found: number;
  lost: string[];
  /** Writes the server committed but whose answer the kill cut off: allowed, and checked whole too. */
  committedUnanswered: number;
  integrity: string[];
  recordsWithoutFile: string[];
  filesWithoutRecord: number[];
  duplicates: string[];
  restartMs: number[];
  /** Left in place for a look after the run. */
  dataDir: string;
}

/** The writes the run cycles through: a document of its own, one document shared by many records, no file. */
interface WriteKind {
  path: string;
  table: string;
  document: 'own' | 'shared' | null;
  /** Multipart field prefix for the document types; the file-less type takes JSON. */
  partPrefix?: string;
}
const KINDS: WriteKind[] = [
  { path: 'notice', table: 'notice', document: 'own', partPrefix: 'Notice' },
  { path: 'circular', table: 'circular', document: 'shared', partPrefix: 'Circular' },
  { path: 'latest-news', table: 'latest_news', document: null },
];

interface Write {
  title: string;
  /** SHA-256 of the document sent, or null for a write without a file. */
  sha256: string | null;
  acknowledged: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function requestFor(kind: WriteKind, title: string, sharedPdf: Buffer): { body: Uint8Array<ArrayBuffer> | string; contentType: string; pdf: Buffer | null } {
  if (!kind.document || !kind.partPrefix) {
    return { body: JSON.stringify({ title, description: `Crash-safety write ${title}.` }), contentType: 'application/json', pdf: null };
  }
  const pdf = kind.document === 'own' ? labelledPdf(title) : sharedPdf;
  const { body, contentType } = documentCreate(kind.partPrefix, title, pdf);
  return { body: new Uint8Array(body), contentType, pdf };
}

/** One writer: creates records one after another until the round stops or the server dies. */
async function writerLoop(server: TestServer, token: string, label: string, sharedPdf: Buffer, writes: Write[], round: { stopped: boolean }) {
  for (let n = 0; !round.stopped; n++) {
    const kind = KINDS[n % KINDS.length];
    const title = `${label}-n${n}`;
    const req = requestFor(kind, title, sharedPdf);
    const write: Write = { title, sha256: req.pdf ? sha256Of(req.pdf) : null, acknowledged: false };
    writes.push(write);
    try {
      const res = await fetch(`${server.url}/api/Admin/${kind.path}?media=url`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': req.contentType },
        body: req.body,
        signal: AbortSignal.timeout(10_000),
      });
      // The server answers only after the transaction commits, so the status alone is the acknowledgement.
      write.acknowledged = res.status >= 200 && res.status < 300;
      if (!write.acknowledged) throw new Error(`${kind.path} answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer().catch(() => undefined);
    } catch (err) {
      if (round.stopped) return;
      throw err;
    }
  }
}

async function killHard(server: TestServer): Promise<void> {
  process.kill(server.pid, 'SIGKILL');
  for (;;) {
    try {
      process.kill(server.pid, 0);
    } catch {
      return;
    }
    await sleep(10);
  }
}

async function timedStart(dataDir: string, restartMs: number[]): Promise<TestServer> {
  const began = performance.now();
  const server = await startServer({ ...SQLITE_ONLY, SEED: 'none' }, { dataDir });
  restartMs.push(performance.now() - began);
  return server;
}

interface Inspection {
  integrity: string[];
  missing: string[];
  found: number;
  committedUnanswered: number;
  recordsWithoutFile: string[];
  filesWithoutRecord: number[];
  duplicates: string[];
}

/** Reads the database file directly (the server may be running: WAL lets a second reader in). */
function inspect(dataDir: string, runLabel: string, writes: Write[], mediaBefore: number): Inspection {
  const database = new SqliteDatabase(databasePath(dataDir), { readonly: true, fileMustExist: true });
  try {
    const integrity = integrityProblems(database);
    const recordsWithoutFile = (database.pragma('foreign_key_check') as { table: string; rowid: number }[]).map((r) => `${r.table} row ${r.rowid} points at a missing file`);

    const stored = new Map<string, { count: number; sha256: string | null }>();
    for (const { table, document } of KINDS) {
      const file = document ? 'm.sha256' : 'NULL';
      const join = document ? 'LEFT JOIN media m ON m.id = t.file_media_id' : '';
      const rows = database.prepare(`SELECT t.title AS title, ${file} AS sha256 FROM ${table} t ${join} WHERE t.title LIKE ?`).all(`${runLabel}-%`) as { title: string; sha256: string | null }[];
      for (const row of rows) {
        const seen = stored.get(row.title);
        stored.set(row.title, { count: (seen?.count ?? 0) + 1, sha256: row.sha256 });
      }
    }

    const missing: string[] = [];
    const duplicates: string[] = [];
    let found = 0;
    let committedUnanswered = 0;
    for (const write of writes) {
      const row = stored.get(write.title);
      if (row && row.count > 1) duplicates.push(write.title);
      if (row && row.sha256 !== write.sha256) recordsWithoutFile.push(`${write.title} holds ${row.sha256 ?? 'no file'} instead of ${write.sha256 ?? 'no file'}`);
      if (write.acknowledged) {
        if (row) found++;
        else missing.push(write.title);
      } else if (row) committedUnanswered++;
    }

    // Every column that points at a stored file, except the resized variants' link to their original.
    const references = database
      .prepare(`SELECT m.name AS tableName, p.name AS columnName FROM sqlite_master m, pragma_table_info(m.name) p WHERE m.type = 'table' AND m.name <> 'media_variant' AND p.name LIKE '%media_id'`)
      .all() as { tableName: string; columnName: string }[];
    const referenced = references.map((r) => `SELECT "${r.columnName}" FROM "${r.tableName}" WHERE "${r.columnName}" IS NOT NULL`).join(' UNION ');
    const filesWithoutRecord = (database.prepare(`SELECT id FROM media WHERE id > ? AND id NOT IN (${referenced})`).all(mediaBefore) as { id: number }[]).map((r) => r.id);

    return { integrity, missing, found, committedUnanswered, recordsWithoutFile, filesWithoutRecord, duplicates };
  } finally {
    database.close();
  }
}

function highestMediaId(dataDir: string): number {
  const database = new SqliteDatabase(databasePath(dataDir), { readonly: true, fileMustExist: true });
  try {
    return (database.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM media').get() as { id: number }).id;
  } finally {
    database.close();
  }
}

export async function runFaultTest(options: FaultOptions): Promise<FaultFigures> {
  const dataDir = tempDataDir('council-fault');
  const runLabel = `fault-${randomBytes(4).toString('hex')}`;
  const sharedPdf = labelledPdf(`${runLabel} shared circular document`);
  const writes: Write[] = [];
  const restartMs: number[] = [];
  await createSqliteDatabase(dataDir);
  let server = await timedStart(dataDir, restartMs);
  const mediaBefore = highestMediaId(dataDir);

  // A problem seen after any restart counts, even if a later state no longer shows it.
  const seen = { integrity: new Set<string>(), recordsWithoutFile: new Set<string>(), filesWithoutRecord: new Set<number>(), duplicates: new Set<string>() };
  const check = (when: string): Inspection => {
    const result = inspect(dataDir, runLabel, writes, mediaBefore);
    result.integrity.forEach((p) => seen.integrity.add(p));
    result.recordsWithoutFile.forEach((p) => seen.recordsWithoutFile.add(p));
    result.filesWithoutRecord.forEach((p) => seen.filesWithoutRecord.add(p));
    result.duplicates.forEach((p) => seen.duplicates.add(p));
    const acknowledged = writes.filter((w) => w.acknowledged).length;
    options.log(`${when}: ${result.found} of ${acknowledged} acknowledged writes found, ${result.missing.length} lost, integrity ${result.integrity.length === 0 ? 'ok' : 'FAILED'}`);
    return result;
  };

  try {
    for (let round = 1; round <= options.rounds; round++) {
      const token = await adminToken(server.url);
      const state = { stopped: false };
      const [low, high] = options.killAfterMs;
      const killAfter = Math.round(low + Math.random() * (high - low));
      const writers = Array.from({ length: options.writers }, (_, w) => writerLoop(server, token, `${runLabel}-r${round}-w${w}`, sharedPdf, writes, state));
      // The kill's time counts from the round's first answered write, so that a slow machine (or a slow first
      // request) still has writes to lose. A writer that fails before the kill ends the run with its error.
      const roundLabel = `${runLabel}-r${round}-`;
      const firstAnswer = (async () => {
        while (!writes.some((w) => w.acknowledged && w.title.startsWith(roundLabel))) await sleep(20);
      })();
      const outcome = await Promise.race([firstAnswer.then(() => sleep(killAfter)).then(() => 'kill' as const), Promise.all(writers)]);
      if (outcome !== 'kill') throw new Error('the writers stopped before the kill');
      state.stopped = true;
      await killHard(server);
      await Promise.all(writers);
      server = await timedStart(dataDir, restartMs);
      check(`round ${round} (killed after ${killAfter} ms)`);
    }
  } finally {
    await server.stop();
  }
  // Once more with the server stopped cleanly: the file alone must hold everything.
  const final = check('after a clean stop');

  return {
    rounds: options.rounds,
    attempted: writes.length,
    acknowledged: writes.filter((w) => w.acknowledged).length,
    found: final.found,
    lost: final.missing,
    committedUnanswered: final.committedUnanswered,
    integrity: [...seen.integrity],
    recordsWithoutFile: [...seen.recordsWithoutFile],
    filesWithoutRecord: [...seen.filesWithoutRecord],
    duplicates: [...seen.duplicates],
    restartMs,
    dataDir,
  };
}
