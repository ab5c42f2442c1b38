import { db, type Db } from './db';
import { storeMedia } from './media';
import { auditSnapshot, recordAudit, type Actor, type AuditAction, type FileColumn } from './audit';
import { raiseTableVersions } from './content-version';
import { adoptVersions } from './page-cache';
import { traceWrites } from './cache/dependencies';
import type { AcceptedFile } from './content/uploads';
import { pokeOutbox } from './outbox/deliver';

/**
 * The one way content is written, whatever its type: in one transaction, the new files are stored, the
 * change is made, the audit log records it, and the versions of the tables it wrote are raised (so every
 * instance drops exactly the cached pages that read them); after the commit this instance adopts those
 * versions at once. Hooks handed in at start run in the same transaction (the site search rebuilds the
 * record's entries: onRecordWrite). A change that queued messages (src/server/outbox) has them delivered
 * right after the commit, in the background. A new kind of write declares only its change; anything every write
 * must do (a notification, say) belongs here.
 */
export interface Write<R> {
  actor: Actor;
  /** The audit log's name for what is written: the content type's API path, or 'complaint'. */
  entity: string;
  /**
   * The table the record lives in. Raised with whatever tables the change wrote, whenever the change is
   * audited: an edit that sent nothing new is still an edit its pages render afresh for.
   */
  table: string;
  /** Where the record keeps its files, so the audit log names each by its SHA-256. */
  files: readonly FileColumn[];
  /** New files, by a key of the writer's choosing: stored (or found already stored) before the change runs. */
  uploads?: Readonly<Partial<Record<string, AcceptedFile>>>;
  /** The uploads are private files (src/server/media.ts): an applicant's papers, a photo kept from the public. */
  privateUploads?: boolean;
  /** The change itself, inside the transaction, given the stored files' media ids by the same keys. */
  change: (trx: Db, media: Readonly<Record<string, number>>) => Promise<Change<R>>;
}

export interface Change<R> {
  result: R;
  /** What the audit log records; null when nothing was changed (a delete of a record already gone). */
  audit: { action: AuditAction; recordId: number | null; before: object | null; after: object | null } | null;
}

/**
 * What else a record's write does inside its transaction, handed in at start by the features that need it
 * (the site search rebuilds the record's entries): this module imports no feature. On globalThis, as the
 * content registry (server/content/registry.ts), because the entries are bundled apart.
 */
export type RecordHook = (trx: Db, entity: string, recordId: number) => Promise<void>;
const HOOKS = Symbol.for('council.record-write-hooks');
const hookStore = globalThis as unknown as Record<symbol, Map<string, RecordHook> | undefined>;

/** Adds (or, under the same name, replaces) a hook every audited record write runs. */
export function onRecordWrite(name: string, hook: RecordHook): void {
  (hookStore[HOOKS] ??= new Map()).set(name, hook);
}

const recordHooks = (): Iterable<RecordHook> => hookStore[HOOKS]?.values() ?? [];

export async function runWrite<R>(write: Write<R>, database: Db = db()): Promise<R> {
  const { result, versions, queued } = await database.transaction().execute(async (trx) => {
    const { result: change, written } = await traceWrites(async () => {
      const media: Record<string, number> = {};
      for (const [key, file] of Object.entries(write.uploads ?? {})) {
        if (file) media[key] = await storeMedia(file.bytes, file.contentType, trx, { private: write.privateUploads });
      }
      const made = await write.change(trx, media);
      if (made.audit) {
        const { action, recordId, before, after } = made.audit;
        await recordAudit(trx, write.actor, {
          action,
          entity: write.entity,
          recordId,
          before: before ? await auditSnapshot(trx, before, write.files) : null,
          after: after ? await auditSnapshot(trx, after, write.files) : null,
        });
        if (recordId !== null) for (const hook of recordHooks()) await hook(trx, write.entity, recordId);
      }
      return made;
    });
    // Raised last, so that on PostgreSQL the version rows stay locked only for the commit itself.
    return {
      result: change.result,
      versions: change.audit ? await raiseTableVersions(trx, [write.table, ...written]) : new Map<string, number>(),
      queued: written.has('outbox_message'),
    };
  });
  adoptVersions(versions);
  if (queued) void pokeOutbox(database);
  return result;
}
