// `npm run bench:inbox [-- --cases 50000 --postgres]`: the staff inbox over a large register of cases. Fills a
// fresh database (SQLite in a temporary folder, or a throwaway PostgreSQL server) with cases of every service,
// then prints, for an admin's inbox page 1 and page 100 and for a field officer's own inbox, how many queries
// the page's rows and its counts by state take and how long (the median of several runs, in process, no HTTP).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { KyselyPlugin } from 'kysely';
import { migrateToLatest, openPostgres, openSqlite, type Db } from '../../src/server/db';
import { installedServices } from '../../src/features/modules';
import { installPortalModules } from '../../src/modules';

installPortalModules();
const SERVICES = installedServices();
import { countStaffCases, listStaffCases } from '../../src/features/cases/staff-cases-api.server';
import type { CaseFilter } from '../../src/features/cases/case-queries.server';
import { takeNumber } from '../../src/server/numbering';
import { writeCouncilIdentity } from '../../src/server/council/identity';
import { indianDate } from '../../src/lib/india-time';
import { createFreshDatabase } from '../../tests/support/database';
import { startThrowawayCluster } from '../postgres-cluster.mjs';

const { values } = parseArgs({ options: { cases: { type: 'string' }, postgres: { type: 'boolean' } } });
const CASES = Number(values.cases ?? 50_000);
const RUNS = 7;

/** Counts the statements a Kysely instance sends. */
function counted(database: Db): { database: Db; queries: () => number } {
  let n = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      n++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { database: database.withPlugin(plugin), queries: () => n };
}

async function fill(database: Db): Promise<void> {
  const officers: number[] = [];
  for (let i = 0; i < 20; i++) {
    const row = await database.insertInto('app_user').values({ email: `officer${i}@bench.test`, password_hash: 'x', role: 'officer', created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
    officers.push(row.id);
  }
  const start = Date.now() - 400 * 86_400_000;
  const BATCH = 500;
  for (let from = 0; from < CASES; from += BATCH) {
    await database.transaction().execute(async (trx) => {
      const cases = [];
      for (let i = from; i < Math.min(CASES, from + BATCH); i++) {
        const service = SERVICES[i % 5 === 4 && SERVICES.length > 1 ? 1 : 0];
        const states = service.stateNames;
        const state = states[(i * 7) % states.length];
        const lodged = new Date(start + i * 600_000).toISOString();
        cases.push({
          service: service.name, number: (await takeNumber(trx, service.series, indianDate(Date.parse(lodged)))).number, state, ward_id: null, category_id: null,
          assignee_id: i % 3 === 0 ? officers[i % officers.length] : null, due_at: service.states[state]?.open ? new Date(start + i * 600_000 + 72 * 3_600_000).toISOString() : null,
          lodged_at: lodged, state_since: lodged, updated_at: lodged, lang: 'en' as const, source: 'web', data: '{}',
        });
      }
      const ids = await trx.insertInto('service_case').values(cases).returning('id').execute();
      await trx.insertInto('case_contact').values(ids.map(({ id }, k) => ({ case_id: id, name: `Citizen ${from + k}`, mobile: `9${String(100_000_000 + from + k).slice(-9)}`, email: '', address: 'Lane 1' }))).execute();
    });
  }
}

async function measure(label: string, database: Db, run: (database: Db) => Promise<unknown>): Promise<void> {
  const { database: watched, queries } = counted(database);
  await run(watched);
  const perRun = queries();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run(database);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(44)} ${String(perRun).padStart(3)} queries   median ${times[RUNS >> 1].toFixed(1).padStart(7)} ms   slowest ${times[RUNS - 1].toFixed(1).padStart(7)} ms`);
}

const page = (n: number): CaseFilter => ({ sort: 'due', limit: 50, offset: (n - 1) * 50 });

let stop = async () => {};
let database: Db;
if (values.postgres) {
  const cluster = await startThrowawayCluster();
  database = openPostgres(await createFreshDatabase(cluster.url, 'council_bench'));
  stop = async () => cluster.stop();
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'council-inbox-'));
  database = openSqlite(dir);
  const previous = stop;
  stop = async () => {
    await previous();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
try {
  await migrateToLatest(database);
  // The cases' numbers carry the council's short name.
  await writeCouncilIdentity(database, { name: { en: 'Bench Council', hi: 'बेंच परिषद' }, shortName: 'BNC' });
  const filling = performance.now();
  await fill(database);
  console.log(`Inbox on ${values.postgres ? 'PostgreSQL' : 'SQLite'}: ${CASES} cases of ${SERVICES.map((s) => s.name).join(', ')} (filled in ${Math.round(performance.now() - filling)} ms), ${os.cpus().length} cores, Node ${process.version}\n`);
  const officer = await database.selectFrom('app_user').select('id').where('role', '=', 'officer').orderBy('id').executeTakeFirstOrThrow();
  const own: CaseFilter = { ...page(1), ownFor: { assigneeId: officer.id, services: ['grievance'] } };
  await measure('admin, page 1: rows and count', database, (d) => listStaffCases(page(1), 'admin', d));
  await measure('admin, page 100: rows and count', database, (d) => listStaffCases(page(100), 'admin', d));
  await measure('admin, counts by state and overdue', database, (d) => countStaffCases(page(1), 'admin', d));
  await measure('admin, newest first, page 100', database, (d) => listStaffCases({ ...page(100), sort: 'newest' }, 'admin', d));
  await measure('officer, own grievances, page 1', database, (d) => listStaffCases(own, 'officer', d));
  await measure('officer, counts by state and overdue', database, (d) => countStaffCases(own, 'officer', d));
} finally {
  await database.destroy();
  await stop();
}
