import { sql } from 'kysely';
import type { Db } from '../db';
import { db, nowIso } from '../db';
import { currentCouncil } from '../council-context';
import { followCouncilNames } from '../councils/registry';
import type { Actor } from '../audit';
import { runWrite } from '../write-path';
import type { AcceptedFile } from '../content/uploads';
import { IDENTITY_TABLE, inputOf, readIdentityRow, rowOf } from './identity';
import type { CouncilIdentityInput } from '../../lib/council';

/**
 * An admin's change of the council's identity, or of its logo: through the write path (audited under
 * `council`, the table's version raised so that every instance redraws the pages at once), each saved state
 * kept as a revision of record 1 of `council` beside the content's revisions.
 */
const ENTITY = 'council';
const RECORD_ID = 1;
const FILES = [{ key: 'logo', column: 'logo_media_id' }] as const;

async function keepRevision(trx: Db, actor: Actor, row: NonNullable<Awaited<ReturnType<typeof readIdentityRow>>>): Promise<void> {
  const last = await trx
    .selectFrom('content_revision')
    .select(sql<number>`coalesce(max(revision), 0)`.as('n'))
    .where('type_path', '=', ENTITY)
    .where('record_id', '=', RECORD_ID)
    .executeTakeFirstOrThrow();
  const logo =
    row.logo_media_id === null
      ? null
      : await trx.selectFrom('media').select(['id', 'sha256', 'size', 'content_type']).where('id', '=', row.logo_media_id).executeTakeFirst();
  await trx
    .insertInto('content_revision')
    .values({
      type_path: ENTITY,
      record_id: RECORD_ID,
      revision: Number(last.n) + 1,
      values_json: JSON.stringify(inputOf(row)),
      files_json: JSON.stringify({ logo: logo ? { mediaId: logo.id, sha256: logo.sha256, size: logo.size, contentType: logo.content_type } : null }),
      user_id: actor.id,
      user_email: actor.email,
      at: nowIso(),
      restored_from: null,
    })
    .execute();
}

/** One audited change of the row: `next` makes the new row from the old one (never absent: the council is set up). */
async function change(actor: Actor, uploads: { logo?: AcceptedFile }, next: (before: NonNullable<Awaited<ReturnType<typeof readIdentityRow>>>, media: Readonly<Record<string, number>>) => ReturnType<typeof rowOf>): Promise<boolean> {
  const saved = await runWrite({
    actor,
    entity: ENTITY,
    table: IDENTITY_TABLE,
    files: FILES,
    uploads,
    change: async (trx, media) => {
      const before = await readIdentityRow(trx);
      if (!before) return { result: false, audit: null };
      const { id: _id, ...values } = next(before, media);
      await trx.updateTable('council_identity').set(values).where('id', '=', RECORD_ID).execute();
      const after = (await readIdentityRow(trx))!;
      await keepRevision(trx, actor, after);
      return { result: true, audit: { action: 'update', recordId: RECORD_ID, before, after } };
    },
  });
  if (saved) await followIdentity();
  return saved;
}

/** The platform's list of councils shows the names just saved (src/server/councils/registry.ts). */
export async function followIdentity(database: Db = db()): Promise<void> {
  const row = await readIdentityRow(database);
  if (row) await followCouncilNames(currentCouncil().id, { en: row.name_en, hi: row.name_hi, shortName: row.short_name });
}

/** Saves the identity (the logo stays); false when the council is not set up. */
export function saveCouncilIdentity(actor: Actor, identity: CouncilIdentityInput): Promise<boolean> {
  return change(actor, {}, (before) => rowOf(identity, before.logo_media_id));
}

/** Replaces the logo, an accepted picture (stored public: it heads every page); false when the council is not set up. */
export function saveCouncilLogo(actor: Actor, logo: AcceptedFile): Promise<boolean> {
  return change(actor, { logo }, (before, media) => rowOf(inputOf(before), media.logo));
}
