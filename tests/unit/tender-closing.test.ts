import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, type Db } from '../../src/server/db';
import { indianMoment } from '../../src/lib/india-time';
import { collectDependencies } from '../../src/server/cache/dependencies';
import { listActiveTenders, listPastTenders } from '../../src/features/tender/tender.server';
import { isOpenAt } from '../../src/features/tender/tender-closing.server';
import { searchSite } from '../../src/features/search/search.server';
import { rebuildSearchIndex } from '../../src/features/search/search-index.server';
import { openTestDatabase } from '../support/database';

/** The tender's open or closed rule, asked by the lists and by search alike, at moments the test chooses. */
let dataDir: string;
let database: Db;

async function addTender(title: string, lastDate: string, time: string): Promise<void> {
  await database
    .insertInto('tender')
    .values({
      tender_no: title, tender_title: title, tender_discreption: '', publish_date: '2099-06-01', last_date_of_submission: lastDate,
      last_date_of_submission_time: time, status: 'Open', tender_title_2: '', tender_title_3: '', tender_title_4: '', tender_title_5: '',
      document_1_media_id: null, document_2_media_id: null, document_3_media_id: null, document_4_media_id: null, document_5_media_id: null,
      created_date: '2099-06-01T00:00:00.000Z',
    })
    .execute();
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'council-tender-'));
  database = await openTestDatabase(dataDir);
  await migrateToLatest(database);
  await addTender('Morningclose bridge', '2099-06-15', '10:00');
  await addTender('Alldayopen drains', '2099-06-15', '');
  await rebuildSearchIndex(database);
});

afterAll(async () => {
  await database.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a tender', () => {
  it('closed at 10:00 is not Active in search at 15:00 the same day, and was at 9:59', async () => {
    const before = await searchSite('Morningclose', database, indianMoment('2099-06-15T09:59:00'));
    const after = await searchSite('Morningclose', database, indianMoment('2099-06-15T15:00:00'));
    const listedIn = (outcome: typeof before) => (outcome.status === 'done' ? outcome.groups[0].hits[0].listedIn?.list : null);
    expect(listedIn(before)).toBe('active-tender');
    expect(listedIn(after)).toBe('past-tender');
  });

  it('without a closing time stays open to the end of its day', async () => {
    expect(isOpenAt('2099-06-15T24:00:00', indianMoment('2099-06-15T23:59:59'))).toBe(true);
    expect(isOpenAt('2099-06-15T24:00:00', indianMoment('2099-06-16T00:00:00'))).toBe(false);
  });

  it('list is true until the next tender closes, and says so to the page cache', async () => {
    const at = indianMoment('2099-06-15T09:00:00');
    const { result, dependencies } = await collectDependencies(() => listActiveTenders({ limit: 20, offset: 0, now: at }, database));
    expect(result.tenders.map((t) => t.title)).toEqual(['Morningclose bridge', 'Alldayopen drains']);
    expect(dependencies.expiresAt).toBe(indianMoment('2099-06-15T10:00:00'));
    expect([...dependencies.tables]).toContain('tender');

    const later = indianMoment('2099-06-15T12:00:00');
    const past = await collectDependencies(() => listPastTenders({ limit: 20, offset: 0, now: later }, database));
    expect(past.result.tenders.map((t) => t.title)).toEqual(['Morningclose bridge']);
    expect(past.dependencies.expiresAt).toBe(indianMoment('2099-06-16T00:00:00'));
  });
});
