import { db, type Db } from './db';
import type { Lang } from '../i18n/lang';
import { indianDayOf, longDate } from '../i18n/dates';
import { messages } from '../i18n/messages';

/**
 * "Last updated" in the footer of every public page: the newest change to what the page shows. A write
 * raises the version of each table it changes and records when (content-version.ts); a render learns the
 * tables its content read (cache/dependencies.ts). The date is the newest change among those tables, no
 * older than the date of the page's own fixed text (a policy's last review); a page that reads no table and
 * has no dated text of its own shows when the site's fixed texts were released.
 *
 * The footer only leaves LAST_UPDATED_MARK where the date goes, and the date is filled in once the whole page
 * has rendered: Astro renders a page's parts side by side, so when the footer runs, a section further up may
 * not have run its queries yet. Its answer is cached with the page, which is right, as it changes only when
 * one of the tables the page read is written, which drops the cached page too.
 */
export const LAST_UPDATED_MARK = '<!--last-updated-->';

/** When the site's fixed texts (interface, help and policy pages without a review date) were last released. */
export const SITE_TEXTS_RELEASED = '2026-11-23';

const MARK_BYTES = Buffer.from(LAST_UPDATED_MARK);

/** The newest change among `tables` (an ISO instant), or null when none of them has a known change. */
export async function newestChange(tables: ReadonlySet<string>, database: Db = db()): Promise<string | null> {
  if (tables.size === 0) return null;
  const row = await database
    .selectFrom('table_version')
    .select((eb) => eb.fn.max('changed_at').as('newest'))
    .where('table_name', 'in', [...tables])
    .executeTakeFirst();
  return row?.newest ?? null;
}

/** The later of two dates or instants, compared as Indian calendar days (a date alone is that whole day). */
function later(a: string, b: string): string {
  return (indianDayOf(a) ?? '') >= (indianDayOf(b) ?? '') ? a : b;
}

/** The date a page shows as last updated, from what its render read and the date of its own fixed text. */
export async function lastUpdated(contentTables: ReadonlySet<string>, fixedTextDate: string | undefined, database: Db = db()): Promise<string> {
  const changed = await newestChange(contentTables, database);
  if (changed && fixedTextDate) return later(changed, fixedTextDate);
  return changed ?? fixedTextDate ?? SITE_TEXTS_RELEASED;
}

export function hasLastUpdatedMark(body: Uint8Array): boolean {
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength).indexOf(MARK_BYTES) !== -1;
}

/**
 * The page with its mark replaced by the line saying when it was last updated, in the page's language, the
 * date as a <time> machines can read too; or with the mark removed (`when` null) where no date would be true,
 * such as a not-found page or a refused form.
 */
export function fillLastUpdated(body: Uint8Array, when: string | null, lang: Lang): Uint8Array<ArrayBuffer> {
  const line = when === null ? '' : `<p class="container last-updated">${messages(lang).footer.lastUpdated} <time datetime="${indianDayOf(when) ?? ''}">${longDate(when, lang) ?? ''}</time></p>`;
  return new TextEncoder().encode(new TextDecoder().decode(body).replace(LAST_UPDATED_MARK, line));
}
