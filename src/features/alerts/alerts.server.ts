import { db, type Db } from '../../server/db';
import { HttpError } from '../../server/http';
import { now } from '../../server/clock';
import { validUntil } from '../../server/cache/dependencies';
import type { Actor } from '../../server/audit';
import { deleteRow, saveRow } from '../../server/row-write';
import { indianLocalToMs, type AlertInput, type AlertLevel, type SiteAlert } from './alert.schema';
import { indianInputTime } from '../../lib/india-time';

/**
 * Alert banners: stored with their window as ISO instants (so the current ones are found by comparing
 * text), written through the write path (audited, and every page that shows them rendered afresh), and read
 * by the public frame, which learns from here when what it shows stops being true.
 */
const ENTITY = 'alert';
const TABLE = 'site_alert';

type AlertRow = { id: number; level: string; text_en: string; text_hi: string; link: string; starts_at: string; ends_at: string; updated_at: string };
const COLUMNS = ['id', 'level', 'text_en', 'text_hi', 'link', 'starts_at', 'ends_at', 'updated_at'] as const;

function toAlert(row: AlertRow): SiteAlert {
  return {
    id: Number(row.id),
    level: row.level as AlertLevel,
    textEn: row.text_en,
    textHi: row.text_hi,
    link: row.link,
    startsAt: indianInputTime(Date.parse(row.starts_at)),
    endsAt: indianInputTime(Date.parse(row.ends_at)),
    updatedAt: row.updated_at,
  };
}

const instant = (indianLocal: string) => new Date(indianLocalToMs(indianLocal)).toISOString();

/** Every alert, the latest window first. */
export async function listAlerts(database: Db = db()): Promise<SiteAlert[]> {
  const rows = await database.selectFrom(TABLE).select(COLUMNS).orderBy('starts_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toAlert);
}

export async function findAlert(id: number, database: Db = db()): Promise<SiteAlert | null> {
  const row = await database.selectFrom(TABLE).select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toAlert(row) : null;
}

const ROW = (actor: Actor) => ({ actor, entity: ENTITY, table: TABLE }) as const;

/** Creates (id null) or updates an alert; answers its id. */
export async function saveAlert(id: number | null, input: AlertInput, actor: Actor, database: Db = db()): Promise<number> {
  const columns = {
    level: input.level,
    text_en: input.textEn,
    text_hi: input.textHi,
    link: input.link,
    starts_at: instant(input.startsAt),
    ends_at: instant(input.endsAt),
    updated_at: new Date(now()).toISOString(),
  };
  const saved = await saveRow(ROW(actor), id, columns, database);
  if (saved === null) throw new HttpError(404, 'Alert not found.');
  return saved;
}

export async function deleteAlert(id: number, actor: Actor, database: Db = db()): Promise<boolean> {
  return deleteRow(ROW(actor), id, database);
}

/**
 * The alerts to show now, most urgent first. Tells the render (validUntil) the next moment this answer
 * changes: the end of a shown alert or the start of a coming one, so a cached page neither outlives an
 * alert nor misses one.
 */
export async function currentAlerts(database: Db = db()): Promise<SiteAlert[]> {
  const at = now();
  const nowText = new Date(at).toISOString();
  const rows = await database.selectFrom(TABLE).select(COLUMNS).where('ends_at', '>', nowText).execute();
  let next = Number.POSITIVE_INFINITY;
  const shown: AlertRow[] = [];
  for (const row of rows) {
    const start = Date.parse(row.starts_at);
    const end = Date.parse(row.ends_at);
    if (start <= at) {
      shown.push(row);
      next = Math.min(next, end);
    } else {
      next = Math.min(next, start);
    }
  }
  validUntil(next);
  const rank: Record<string, number> = { danger: 0, warning: 1, info: 2 };
  return shown.sort((a, b) => (rank[a.level] ?? 3) - (rank[b.level] ?? 3) || b.starts_at.localeCompare(a.starts_at)).map(toAlert);
}
