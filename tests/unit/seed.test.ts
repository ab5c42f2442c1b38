import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../../db/seed/demo';
import { migrateToLatest, type Db } from '../../src/server/db';
import { openTestDatabase } from '../support/database';
import { seedDemoCouncil } from '../../db/seed/council';
import { allGrievanceRows } from '../support/grievance-row';

const TABLES = [
  'media', 'slider', 'about', 'employee', 'tender', 'notice', 'circular', 'office_order', 'latest_news', 'gallery',
  'video_gallery', 'press_release', 'grievance_type', 'district', 'ward', 'ulb', 'service_case', 'complaint_reminder',
] as const;

const HOME_DESIGNATIONS = ['Chief Minister', 'Minister', 'Principal Secretary', 'Chairman', 'Vice Chairman', 'Executive Officer'];

let dataDir: string;
let database: Db;
let firstRun: boolean;

async function countAll(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await database.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'council-seed-'));
  database = await openTestDatabase(dataDir);
  await migrateToLatest(database);
  // The grievances' numbers carry the council's short name.
  await seedDemoCouncil(database);
  const started = performance.now();
  firstRun = await seedDemoContent(database);
  const seedMs = performance.now() - started;
  console.log(`Demo seed took ${Math.round(seedMs)} ms`);
}, 60_000);

afterAll(async () => {
  await database?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('demo content on an empty database', () => {
  // How long it takes is printed above, not asserted: a time limit in a test fails on a busy machine, not on slow code.
  it('reports that it seeded', () => {
    expect(firstRun).toBe(true);
  });

  it('adds the home page content', async () => {
    const counts = await countAll();
    expect(counts.slider).toBe(4);
    expect(counts.about).toBe(3);
    expect(counts.latest_news).toBe(8);
    expect(counts.notice).toBe(10);
    expect(counts.circular).toBe(10);
    expect(counts.office_order).toBe(10);
    expect(counts.press_release).toBe(6);
    const about = await database.selectFrom('about').selectAll().execute();
    for (const entry of about) {
      expect(entry.name).not.toBe('');
      expect(entry.description.length).toBeGreaterThan(100);
      expect(entry.photo_media_id).not.toBeNull();
    }
  });

  it('lists people under every designation the public pages ask for', async () => {
    const rows = await database.selectFrom('employee').selectAll().orderBy('designation').orderBy('serial_no').execute();
    const by = (designation: string) => rows.filter((r) => r.designation === designation);
    for (const designation of HOME_DESIGNATIONS) {
      expect(by(designation).length, designation).toBeGreaterThanOrEqual(1);
      expect(by(designation).length, designation).toBeLessThanOrEqual(2);
      expect(by(designation).every((r) => r.show_home_page === 1), designation).toBe(true);
    }
    expect(by('Ward Parshad').length).toBeGreaterThanOrEqual(12);
    expect(by('Ward Parshad').every((r) => /^Ward No\. \d+$/.test(r.post_remarks))).toBe(true);
    expect(by('Standing Committee Members')).toHaveLength(5);
    for (const designation of ['IT', 'Operators', 'Officers', 'Employees']) {
      expect(by(designation).length, designation).toBeGreaterThanOrEqual(3);
      expect(by(designation).length, designation).toBeLessThanOrEqual(4);
    }
    for (const row of rows) {
      expect(row.email_addres).toMatch(/^[a-z0-9.-]+@[a-z0-9.-]+\.[a-z]+$/);
      expect(row.mobile_number).toMatch(/^[6-9]\d{9}$/);
      expect(row.land_line_number).toMatch(/^0\d{3,4}-\d{6,8}$/);
      expect(row.from_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row.to_date).toBeNull();
      expect(row.status).toBe('Active');
      expect(row.post_remarks).not.toBe('');
      expect(row.photo_media_id).not.toBeNull();
    }
    for (const designation of new Set(rows.map((r) => r.designation))) {
      const serials = by(designation).map((r) => r.serial_no);
      expect(serials, designation).toEqual(serials.map((_, i) => i + 1));
    }
  });

  it('has four open tenders closing after today and four closed ones, each with documents', async () => {
    const rows = await database.selectFrom('tender').selectAll().execute();
    expect(rows).toHaveLength(8);
    const open = rows.filter((r) => r.last_date_of_submission > today());
    expect(open).toHaveLength(4);
    expect(open.every((r) => r.status === 'Active')).toBe(true);
    expect(rows.filter((r) => r.status === 'Closed')).toHaveLength(4);
    for (const tender of rows) {
      expect(tender.tender_no).toMatch(/^NPK\/[A-Z]+\/\d{4}\/\d{3}$/);
      expect(tender.publish_date < tender.last_date_of_submission).toBe(true);
      expect(tender.last_date_of_submission_time).toMatch(/^\d{2}:\d{2}$/);
      expect(tender.document_1_media_id).not.toBeNull();
      // Named extra documents and filled slots go together.
      for (const slot of [2, 3, 4, 5] as const) {
        const named = tender[`tender_title_${slot}`] !== '';
        expect(tender[`document_${slot}_media_id`] !== null, `${tender.tender_no} slot ${slot}`).toBe(named);
      }
    }
  });

  it('gives every notice, circular and office order a PDF, and departments where they belong', async () => {
    for (const table of ['notice', 'circular', 'office_order'] as const) {
      const rows = await database.selectFrom(table).select(['issue_date', 'file_media_id']).execute();
      expect(rows.every((r) => r.file_media_id !== null && r.issue_date! <= today())).toBe(true);
      expect(new Set(rows.map((r) => (r.issue_date ?? '').slice(0, 7))).size, table).toBeGreaterThanOrEqual(3);
    }
    for (const table of ['circular', 'office_order'] as const) {
      const rows = await database.selectFrom(table).select('department').execute();
      expect(rows.every((r) => r.department !== '')).toBe(true);
    }
  });

  it('groups twelve gallery pictures under three titles', async () => {
    const rows = await database.selectFrom('gallery').select(['title', 'photo_media_id']).execute();
    expect(rows).toHaveLength(12);
    const byTitle = new Map<string, number>();
    for (const row of rows) byTitle.set(row.title, (byTitle.get(row.title) ?? 0) + 1);
    expect([...byTitle.values()]).toEqual([4, 4, 4]);
    expect(new Set(rows.map((r) => r.photo_media_id)).size).toBe(12);
  });

  it('fills the complaint lookups', async () => {
    const counts = await countAll();
    expect(counts.grievance_type).toBe(8);
    expect(counts.district).toBe(1);
    expect(counts.ulb).toBe(1);
    const wards = await database.selectFrom('ward').select('ward_number').execute();
    expect(wards.map((w) => w.ward_number).sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: 25 }, (_, i) => String(i + 1)));
  });

  it('adds thirty complaints in all four states, with actions, photos and reminders', async () => {
    const rows = await allGrievanceRows(database);
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['Open', 'Pending', 'Resolved', 'Rejected']));
    const now = new Date().toISOString();
    for (const row of rows) {
      expect(row.entry_by).not.toBe('');
      expect(row.entry_date <= now).toBe(true);
      if (row.status === 'Open') {
        expect(row.action_date).toBeNull();
      } else {
        expect(row.action_by).not.toBe('');
        expect(row.action_date! > row.entry_date && row.action_date! <= now).toBe(true);
      }
    }
    expect(rows.filter((r) => r.pub_image_1_media_id !== null).length).toBeGreaterThanOrEqual(10);
    expect(rows.some((r) => r.pub_image_2_media_id !== null)).toBe(true);
    expect(rows.some((r) => r.action_image_1_media_id !== null)).toBe(true);
    const reminders = await database.selectFrom('complaint_reminder').select(['complaint_id']).execute();
    const withReminders = new Set(reminders.map((r) => r.complaint_id));
    expect(withReminders.size).toBeGreaterThanOrEqual(8);
    expect(withReminders.size).toBeLessThanOrEqual(12);
  });

  it('stores only valid JPEG, PDF and WebM files, and every reference points at one', async () => {
    const media = await database.selectFrom('media').select(['id', 'content_type', 'bytes']).execute();
    const byId = new Map(media.map((m) => [m.id, m]));
    for (const item of media) {
      const head = Buffer.from(item.bytes).subarray(0, 8);
      if (item.content_type === 'image/jpeg') expect(head[0] === 0xff && head[1] === 0xd8, `media ${item.id}`).toBe(true);
      else if (item.content_type === 'video/webm') expect([...head.subarray(0, 4)], `media ${item.id}`).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
      else {
        expect(item.content_type).toBe('application/pdf');
        expect(head.toString('latin1')).toMatch(/^%PDF-1\.\d$/);
      }
    }
    const references: Array<[string, number | null, string]> = [];
    const collect = async <T extends (typeof TABLES)[number]>(table: T, columns: string[], type: string) => {
      const rows = (await database.selectFrom(table).selectAll().execute()) as unknown as Array<Record<string, number | null>>;
      for (const row of rows) for (const column of columns) references.push([`${table}.${column}`, row[column], type]);
    };
    await collect('slider', ['photo_media_id'], 'image/jpeg');
    await collect('about', ['photo_media_id'], 'image/jpeg');
    await collect('employee', ['photo_media_id'], 'image/jpeg');
    await collect('gallery', ['photo_media_id'], 'image/jpeg');
    await collect('press_release', ['photo_media_id'], 'image/jpeg');
    await collect('video_gallery', ['poster_media_id'], 'image/jpeg');
    await collect('video_gallery', ['video_media_id'], 'video/webm');
    for (const row of await allGrievanceRows(database)) {
      for (const column of ['pub_image_1_media_id', 'pub_image_2_media_id', 'action_image_1_media_id', 'action_image_2_media_id'] as const) references.push([`complaint.${column}`, row[column], 'image/jpeg']);
    }
    await collect('tender', [1, 2, 3, 4, 5].map((n) => `document_${n}_media_id`), 'application/pdf');
    for (const table of ['notice', 'circular', 'office_order'] as const) await collect(table, ['file_media_id'], 'application/pdf');
    for (const [where, id, type] of references) {
      if (id === null) continue;
      expect(byId.get(id)?.content_type, where).toBe(type);
    }
  });
});

describe('demo content on a database that has content', () => {
  it('adds nothing on a second call', async () => {
    const before = await countAll();
    expect(await seedDemoContent(database)).toBe(false);
    expect(await countAll()).toEqual(before);
  });

  it('adds nothing when a single notice exists', async () => {
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'council-seed-'));
    const other = await openTestDatabase(otherDir);
    try {
      await migrateToLatest(other);
      await other.insertInto('notice').values({ title: 'Our own notice', description: '', issue_date: today(), file_media_id: null, created_date: new Date().toISOString() }).execute();
      expect(await seedDemoContent(other)).toBe(false);
      const employees = await other.selectFrom('employee').select('id').execute();
      expect(employees).toHaveLength(0);
    } finally {
      await other.destroy();
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  });
});
