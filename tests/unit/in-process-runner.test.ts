import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { currentCouncil, type Council } from '../../src/server/council-context';
import type { Db } from '../../src/server/db';
import { startInProcessRunner } from '../../src/server/jobs/in-process-runner';
import type { JobRunner } from '../../src/server/jobs/runner';
import { until } from '../support/until';

/** A council's database with only what the runner keeps in it. */
function jobDatabase(): Db {
  const file = new SqliteDatabase(':memory:');
  file.exec('CREATE TABLE job_run (name TEXT PRIMARY KEY, last_run_at TEXT NOT NULL, last_finished_at TEXT, last_error TEXT)');
  return new Kysely<any>({ dialect: new SqliteDialect({ database: file }) }) as unknown as Db;
}

describe('the in-process job runner', () => {
  let runner: JobRunner | undefined;
  afterEach(async () => {
    await runner?.stop();
  });

  it('lets requests waiting on the event loop in between councils: a round over hundreds of councils never holds it whole', async () => {
    const councils: Council[] = [1, 2, 3].map((id) => ({ id, slug: `c${id}`, name: `C${id}`, nameHindi: `C${id}`, shortName: `C${id}`, status: 'active', first: id === 1, hosts: [] }));
    const databases = new Map(councils.map((c) => [c.id, jobDatabase()]));
    const events: string[] = [];
    const job = {
      name: 'note',
      everyMinutes: 1,
      run: async () => {
        events.push(currentCouncil().slug);
        // What a request arriving meanwhile looks like to the event loop: a callback of its next turn.
        if (events.length === 1) setImmediate(() => events.push('request'));
      },
    };
    runner = await startInProcessRunner([job], { active: async () => councils, open: async (c) => databases.get(c.id)!, byId: async (id) => councils.find((c) => c.id === id) });
    await until(() => (events.filter((e) => e !== 'request').length >= 3 ? true : undefined), 'a round over the three councils', { tries: 200 });
    expect(events.slice(0, 3)).toEqual(['c1', 'request', 'c2']);
  });
});
