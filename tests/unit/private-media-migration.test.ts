import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations';
import type { Db } from '../../src/server/db';
import { openTestDatabase } from '../support/database';

/**
 * Trade licence documents stored while every file was public become private: a document nothing else
 * points at keeps its row under a fresh key (its old address answers nobody) with its resized copies gone; a
 * document whose row a notice also uses leaves the notice its public row, and the application moves to a
 * private copy of the bytes; a grievance's photo is left as it was.
 */
const MIGRATION = '2026-11-30-03-private-media';

describe('the migration that makes trade licence documents private', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'private-media-migration-'));
  let database: Db;

  afterAll(async () => {
    await database?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('marks the documents private under new keys, copying a row a public record shares', async () => {
    database = await openTestDatabase(dataDir);
    const migrator = new Migrator({ db: database, provider: { getMigrations: async () => migrations } });
    const names = Object.keys(migrations);
    expect((await migrator.migrateTo(names[names.indexOf(MIGRATION) - 1])).error).toBeUndefined();
    const old = database as unknown as Kysely<any>;
    const at = '2026-11-01T04:00:00.000Z';
    const one = async (table: string, values: Record<string, unknown>) => Number((await old.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id);
    const media = (mark: string) => one('media', { sha256: mark.repeat(64), content_type: 'application/pdf', size: 3, bytes: Buffer.from(mark), created_at: at });
    const [alone, shared, photo] = [await media('a'), await media('b'), await media('c')];
    await old.insertInto('media_variant').values({ media_id: alone, width: 160, content_type: 'image/webp', bytes: Buffer.from('v'), created_at: at }).execute();
    const kase = (service: string, number: string) =>
      one('service_case', { service, number, state: 'Applied', lodged_at: at, state_since: at, updated_at: at, lang: 'en', source: 'web', data: '{"documentCodes":["identity","premises"]}' });
    const licence = await kase('trade-licence', 'NPK-TL-2026-11-01-000001');
    const grievance = await kase('grievance', 'NPK-PGR-2026-11-01-000002');
    const event = (caseId: number) => one('case_event', { case_id: caseId, at, actor_kind: 'citizen', actor_label: 'Citizen', action: 'lodge', to_state: 'Applied', note: '', visibility: 'public', data: '{}' });
    const lodged = await event(licence);
    await old.insertInto('case_event_media').values([{ event_id: lodged, position: 0, media_id: alone, kind: 'document' }, { event_id: lodged, position: 1, media_id: shared, kind: 'document' }]).execute();
    await old.insertInto('case_event_media').values({ event_id: await event(grievance), position: 0, media_id: photo, kind: 'photo' }).execute();
    await old.insertInto('trade_document_verdict').values({ case_id: licence, code: 'premises', media_id: shared, accepted: 1, reason: '', by_label: 'v', at }).execute();
    const notice = await one('notice', { title: 'Same PDF', description: '', file_media_id: shared, created_date: at });

    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();

    const row = (id: number) => old.selectFrom('media').select(['id', 'sha256', 'private', 'bytes']).where('id', '=', id).executeTakeFirstOrThrow();
    const rekeyed = await row(alone);
    expect(rekeyed.private).toBe(1);
    expect(rekeyed.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(rekeyed.sha256).not.toBe('a'.repeat(64));
    expect(await old.selectFrom('media_variant').select('media_id').where('media_id', '=', alone).execute()).toEqual([]);

    expect(await row(shared)).toMatchObject({ sha256: 'b'.repeat(64), private: 0 });
    expect((await old.selectFrom('notice').select('file_media_id').where('id', '=', notice).executeTakeFirstOrThrow()).file_media_id).toBe(shared);
    const moved = await old.selectFrom('case_event_media').select('media_id').where('event_id', '=', lodged).where('position', '=', 1).executeTakeFirstOrThrow();
    expect(moved.media_id).not.toBe(shared);
    const copy = await row(Number(moved.media_id));
    expect(copy.private).toBe(1);
    expect(Buffer.from(copy.bytes).toString()).toBe('b');
    expect((await old.selectFrom('trade_document_verdict').select('media_id').where('case_id', '=', licence).executeTakeFirstOrThrow()).media_id).toBe(copy.id);

    expect(await row(photo)).toMatchObject({ sha256: 'c'.repeat(64), private: 0 });
  });
});
