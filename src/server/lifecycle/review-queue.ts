import { contentTypes } from '../content/registry';
import type { ContentTypeDef } from '../../lib/content-type';
import type { LifecycleInfo, LifecycleState, QueueItem } from '../../lib/lifecycle';
import { REVIEW_WINDOW_DAYS } from '../../lib/validity';
import { countRecords, findRecord, storedText } from '../content/records';
import { now } from '../clock';
import { db, type Db } from '../db';
import { readStates } from './state-store';
import { DAY_MS } from '../../lib/india-time';

/**
 * The review queue: counts per type and state; for admins every item waiting in review and every published
 * item due for content review (review date within REVIEW_WINDOW_DAYS or past); for an editor, their own
 * drafts and sent-back items with the admin's comment, and their own items waiting for an admin's review.
 */
export type QueueColumn = LifecycleState | 'scheduled';
export const QUEUE_COLUMNS: readonly QueueColumn[] = ['draft', 'in_review', 'sent_back', 'published', 'scheduled', 'archived'];

export interface TypeCounts {
  typePath: string;
  heading: string;
  adminRoute: string;
  counts: Record<QueueColumn, number>;
}


export interface ReviewQueue {
  counts: TypeCounts[];
  items: QueueItem[];
  due: QueueItem[];
  /** An editor's own items in review: theirs to follow, no longer theirs to change. Empty for admins. */
  waiting: QueueItem[];
}

type Section = 'items' | 'due' | 'waiting';

/** Where a record of the type goes in the role's queue, if anywhere. */
function sectionOf(role: string, userId: number, info: LifecycleInfo, authorId: number | null | undefined, dueBefore: number): Section | null {
  if (role === 'admin') {
    if (info.state === 'in_review') return 'items';
    if (info.state === 'published' && info.reviewAt && Date.parse(info.reviewAt) <= dueBefore) return 'due';
    return null;
  }
  if (role !== 'editor' || authorId !== userId) return null;
  if (info.state === 'draft' || info.state === 'sent_back') return 'items';
  return info.state === 'in_review' ? 'waiting' : null;
}

const MAX_ITEMS = 200;

/** A record's name as people know it: its first text field with a value (a slide has none: 'Slider 4'). */
export async function nameOf(def: ContentTypeDef, id: number, database: Db): Promise<string> {
  const record = await findRecord(def, id, false, database);
  const field = def.fields.find((candidate) => candidate.input === 'text' && storedText(record?.values[candidate.key]));
  return field && record ? storedText(record.values[field.key]) : `${def.heading} ${id}`;
}

async function countsOf(def: ContentTypeDef, states: Map<number, LifecycleInfo>, at: number, database: Db): Promise<TypeCounts> {
  const counts = Object.fromEntries(QUEUE_COLUMNS.map((column) => [column, 0])) as Record<QueueColumn, number>;
  for (const info of states.values()) {
    counts[info.state] += 1;
    if (info.state === 'published' && info.publishAt && Date.parse(info.publishAt) > at) counts.scheduled += 1;
  }
  // Records written before the lifecycle existed have no row: they are published.
  counts.published += (await countRecords(def, {}, database)) - states.size;
  return { typePath: def.path, heading: def.heading, adminRoute: def.adminRoute, counts };
}

export async function reviewQueue(role: string, userId: number, database: Db = db()): Promise<ReviewQueue> {
  const at = now();
  const counts: TypeCounts[] = [];
  const wanted: { def: ContentTypeDef; id: number; info: LifecycleInfo; section: Section }[] = [];
  const dueBefore = at + REVIEW_WINDOW_DAYS * DAY_MS;
  for (const def of contentTypes()) {
    const states = await readStates(def.path, database);
    counts.push(await countsOf(def, states, at, database));
    const authors = role === 'editor' ? await authorsOf(def.path, database) : null;
    for (const [id, info] of states) {
      const section = sectionOf(role, userId, info, authors?.get(id), dueBefore);
      if (section) wanted.push({ def, id, info, section });
    }
  }
  const byMoment = (a: { info: LifecycleInfo }, b: { info: LifecycleInfo }) => String(a.info.updatedAt).localeCompare(String(b.info.updatedAt));
  const toItem = async ({ def, id, info }: (typeof wanted)[number]): Promise<QueueItem> => ({
    typePath: def.path, heading: def.heading, adminRoute: def.adminRoute, id, name: await nameOf(def, id, database), info,
  });
  const inSection = (section: Section) => wanted.filter((w) => w.section === section);
  const items = await Promise.all(inSection('items').sort(byMoment).slice(0, MAX_ITEMS).map(toItem));
  const due = await Promise.all(
    inSection('due').sort((a, b) => String(a.info.reviewAt).localeCompare(String(b.info.reviewAt))).slice(0, MAX_ITEMS).map(toItem),
  );
  const waiting = await Promise.all(inSection('waiting').sort(byMoment).slice(0, MAX_ITEMS).map(toItem));
  return { counts, items, due, waiting };
}

async function authorsOf(typePath: string, database: Db): Promise<Map<number, number | null>> {
  const rows = await database.selectFrom('content_state').select(['record_id', 'author_id']).where('content_type', '=', typePath).execute();
  return new Map(rows.map((row) => [Number(row.record_id), row.author_id]));
}

/** How many items wait for an admin's review, across every type (the dashboard shows it). */
export async function countInReview(database: Db = db()): Promise<number> {
  const row = await database
    .selectFrom('content_state')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'in_review')
    .where('content_type', 'in', contentTypes().map((def) => def.path))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
