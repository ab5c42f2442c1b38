import type { Generated, Insertable } from 'kysely';
import { db, type Db } from './db';
import type { Actor } from './audit';
import type { Database } from './db-schema';
import { runWrite, type Change } from './write-path';

/**
 * A row kept whole by one admin form (an alert, a line of the trade licence's fee table), written through the
 * audited write path: added or replaced by its id, or removed. The audit log records the row as it was before
 * and as it is stored after. A table with its own shape of write (a content type, a case) has its own writer.
 */
export type IdTable = { [T in keyof Database]: Database[T] extends { id: Generated<number> } ? T : never }[keyof Database];

export interface RowTarget<T extends IdTable> {
  actor: Actor;
  /** The audit log's name for the row. */
  entity: string;
  table: T;
}

/** One audited write of a row of the target's table, made by `change` on the transaction. */
function writeRow<R>(target: RowTarget<IdTable>, database: Db, change: (trx: Db, table: IdTable) => Promise<Change<R>>): Promise<R> {
  const { actor, entity, table } = target;
  return runWrite({ actor, entity, table, files: [], change: (trx) => change(trx, table) }, database);
}

/** Adds the row (id null) or replaces the one of that id; answers its id, or null when the row to replace is gone. */
export async function saveRow<T extends IdTable>(
  target: RowTarget<T>,
  id: number | null,
  values: Insertable<Database[T]>,
  database: Db = db(),
): Promise<number | null> {
  return writeRow(target, database, async (trx, table) => {
    const before = id === null ? null : ((await trx.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()) ?? null);
    if (id !== null && !before) return { result: null, audit: null };
    let savedId: number;
    if (before) {
      await trx.updateTable(table).set(values).where('id', '=', before.id).execute();
      savedId = before.id;
    } else {
      savedId = (await trx.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id;
    }
    const after = await trx.selectFrom(table).selectAll().where('id', '=', savedId).executeTakeFirstOrThrow();
    return { result: savedId, audit: { action: before ? 'update' : 'create', recordId: savedId, before, after } };
  });
}

/** Removes the row of that id; answers false when it was already gone (and then nothing is audited). */
export async function deleteRow<T extends IdTable>(target: RowTarget<T>, id: number, database: Db = db()): Promise<boolean> {
  return writeRow(target, database, async (trx, table) => {
    const before = await trx.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) return { result: false, audit: null };
    await trx.deleteFrom(table).where('id', '=', id).execute();
    return { result: true, audit: { action: 'delete', recordId: id, before, after: null } };
  });
}
