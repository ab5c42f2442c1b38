import { newestFirstPage } from './newest-first';
import type { Transaction } from 'kysely';
import { db, nowIso, type Db } from './db';
import type { Database } from './db-schema';
import { auditLabel } from './audit-label';

/**
 * The audit log: every write made through the back office, with who made it, when, and the record before
 * and after. An entry is written in the same transaction as the change it describes, so neither can exist
 * without the other.
 */
export interface Actor {
  /** Null for someone without an account: a citizen lodging or tracking a grievance, or the server's own clock. */
  id: number | null;
  email: string;
  /** The account's role, where the write depends on it (an editor's new content starts as a draft). */
  role?: string;
}

/** 'transition': a grievance moved between states; 'redact': staff removed personal text from one. */
export type AuditAction = 'create' | 'update' | 'delete' | 'change-password' | 'transition' | 'redact';

export interface AuditEntry {
  action: AuditAction;
  /** The content type as its admin API path names it (notice, tender, …), or 'complaint' / 'account'. */
  entity: string;
  recordId: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** The record's name for people; found in before and after (a title, a number) when not given. */
  label?: string | null;
}

/** Where a record keeps a file: the media id column, and the name the audit log gives it. */
export interface FileColumn {
  key: string;
  column: string;
}

/** A record as the audit log keeps it: its columns, with each file named by its SHA-256 instead of a row id. */
export async function auditSnapshot(database: Db, row: object, files: readonly FileColumn[]): Promise<Record<string, unknown>> {
  const snapshot: Record<string, unknown> = { ...row };
  for (const file of files) {
    const mediaId = snapshot[file.column];
    delete snapshot[file.column];
    const media =
      typeof mediaId === 'number'
        ? await database.selectFrom('media').select(['sha256', 'content_type']).where('id', '=', mediaId).executeTakeFirst()
        : undefined;
    snapshot[file.key] = media ? { sha256: media.sha256, contentType: media.content_type } : null;
  }
  return snapshot;
}

export async function recordAudit(trx: Transaction<Database> | Db, actor: Actor, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      at: nowIso(),
      user_id: actor.id,
      user_email: actor.email,
      action: entry.action,
      entity: entry.entity,
      record_id: entry.recordId,
      before_json: entry.before ? JSON.stringify(entry.before) : null,
      after_json: entry.after ? JSON.stringify(entry.after) : null,
      label: entry.label ?? auditLabel(entry.before, entry.after),
    })
    .execute();
}

export interface AuditRecord {
  id: number;
  at: string;
  userEmail: string;
  action: string;
  entity: string;
  recordId: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** Null in entries written before the log kept names. */
  label: string | null;
}

export interface AuditFilter {
  entity?: string;
  /** The account that acted. */
  userId?: number;
  /** Entries at or after this instant, and before that one (ISO, as `at` is stored: text order is time order). */
  from?: string;
  before?: string;
  limit: number;
  offset: number;
}

/** Newest first. */
export async function listAudit(filter: AuditFilter, database: Db = db()): Promise<{ total: number; entries: AuditRecord[] }> {
  let query = database.selectFrom('audit_log');
  if (filter.entity) query = query.where('entity', '=', filter.entity);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.before) query = query.where('at', '<', filter.before);
  const { rows, total } = await newestFirstPage(query, filter);
  return {
    total,
    entries: rows.map((r) => ({
      id: r.id,
      at: r.at,
      userEmail: r.user_email,
      action: r.action,
      entity: r.entity,
      recordId: r.record_id,
      before: r.before_json ? JSON.parse(r.before_json) : null,
      after: r.after_json ? JSON.parse(r.after_json) : null,
      label: r.label,
    })),
  };
}

/** The entities the log holds, for the screen's filter. */
export async function auditEntities(database: Db = db()): Promise<string[]> {
  const rows = await database.selectFrom('audit_log').select('entity').distinct().orderBy('entity').execute();
  return rows.map((r) => r.entity);
}
