import { db, type Db } from '../../server/db';
import { HttpError } from '../../server/http';
import { runWrite } from '../../server/write-path';
import type { Lang } from '../../i18n/lang';
import { messages } from '../../i18n/messages';
import { hindiNamesFor, wardLabel } from '../hindi-names/hindi-names.server';

/**
 * The wards as a citizen picks one: by number and by the localities in it ("Ward 5 — Gandhi Nagar, Station
 * Road"), so that someone who knows where they live but not their ward's number, with no location or script
 * to find it, can still choose. The localities are the council's data, kept in both languages beside the
 * ward's Hindi name at /hindi-names.
 */
export interface WardChoice {
  id: number;
  wardNumber: string;
  /** The ward as the picker shows it, in the page's language. */
  label: string;
}

/** Ward numbers are text; '10' comes after '9'. */
const naturalOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Each ward's localities as typed: names separated by commas, spaced alike. */
export function tidyLocalities(raw: string): string {
  return raw.split(/[,،]/).map((name) => name.replace(/\s+/g, ' ').trim()).filter(Boolean).join(', ');
}

export const LOCALITIES_MAX = 300;

/** Every ward with its label for a picker on a page in the request's language. */
export async function wardChoices(locals: { lang: Lang }, database: Db = db()): Promise<WardChoice[]> {
  const [rows, own] = await Promise.all([
    database.selectFrom('ward').select(['id', 'ward_number', 'localities_en', 'localities_hi']).execute(),
    hindiNamesFor(locals),
  ]);
  const m = messages(locals.lang);
  return rows
    .sort((a, b) => naturalOrder.compare(a.ward_number, b.ward_number) || a.id - b.id)
    .map((row) => {
      // A Hindi page without Hindi localities names them as the council wrote them, rather than none.
      const localities = locals.lang === 'hi' ? row.localities_hi || row.localities_en : row.localities_en;
      return { id: row.id, wardNumber: row.ward_number, label: m.wards.choice(wardLabel(own, row.ward_number, m.grievance.ward), localities) };
    });
}

/** Every ward's localities in both languages, for the admin's screen. */
export async function wardLocalities(database: Db = db()): Promise<{ wardNumber: string; en: string; hi: string }[]> {
  const rows = await database.selectFrom('ward').select(['ward_number', 'localities_en', 'localities_hi']).execute();
  return rows
    .sort((a, b) => naturalOrder.compare(a.ward_number, b.ward_number))
    .map((row) => ({ wardNumber: row.ward_number, en: row.localities_en, hi: row.localities_hi }));
}

/** Sets a ward's localities in both languages; audited with before and after. */
export async function setWardLocalities(wardNumber: string, en: string, hi: string, actor: { id: number; email: string }, database: Db = db()): Promise<void> {
  const localities = { en: tidyLocalities(en), hi: tidyLocalities(hi) };
  if ([...localities.en].length > LOCALITIES_MAX || [...localities.hi].length > LOCALITIES_MAX) {
    throw new HttpError(400, `Localities are at most ${LOCALITIES_MAX} characters.`, { localities: `Localities are at most ${LOCALITIES_MAX} characters.` });
  }
  await runWrite(
    {
      actor, entity: 'ward', table: 'ward', files: [],
      change: async (trx) => {
        const before = await trx.selectFrom('ward').select(['id', 'localities_en', 'localities_hi']).where('ward_number', '=', wardNumber).executeTakeFirst();
        if (!before) throw new HttpError(404, 'There is no such ward.');
        if (before.localities_en === localities.en && before.localities_hi === localities.hi) return { result: undefined, audit: null };
        await trx.updateTable('ward').set({ localities_en: localities.en, localities_hi: localities.hi }).where('id', '=', before.id).execute();
        const title = `Ward ${wardNumber}`;
        return {
          result: undefined,
          audit: { action: 'update', recordId: before.id, before: { title, localities_en: before.localities_en, localities_hi: before.localities_hi }, after: { title, localities_en: localities.en, localities_hi: localities.hi } },
        };
      },
    },
    database,
  );
}
