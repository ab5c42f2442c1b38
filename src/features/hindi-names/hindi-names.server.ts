import type { Lang } from '../../i18n/lang';
import { storedNameKey } from '../../i18n/stored-names';
import { db, type Db } from '../../server/db';
import { HttpError } from '../../server/http';
import { runWrite } from '../../server/write-path';
import { TENDER_STATUSES } from '../tender/tender.schema';
import { checkHindiName } from './hindi-name-check';

/**
 * Hindi names for the words staff type in English and Hindi pages show: a circular's or office order's
 * department, a tender document's name, a tender's status, a ward. An admin writes them beside the English
 * at /hindi-names; pages read them here and hand them to storedName (src/i18n/stored-names.ts), where they
 * win over the catalogue's names. Grievance categories keep theirs on their own row (/grievance-settings).
 */
export const HINDI_NAME_KINDS = ['department', 'document', 'tender-status', 'ward'] as const;
export type HindiNameKind = (typeof HINDI_NAME_KINDS)[number];

export const HINDI_NAME_MAX = 100;

export const isHindiNameKind = (value: string): value is HindiNameKind => (HINDI_NAME_KINDS as readonly string[]).includes(value);

export type OwnNames = Readonly<Record<HindiNameKind, ReadonlyMap<string, string>>>;

/** Every Hindi name admins gave, by kind and the English word's key. */
export async function readHindiNames(database: Db = db()): Promise<OwnNames> {
  const rows = await database.selectFrom('hindi_name').select(['kind', 'english_key', 'name_hi']).execute();
  const names = Object.fromEntries(HINDI_NAME_KINDS.map((kind) => [kind, new Map<string, string>()])) as Record<HindiNameKind, Map<string, string>>;
  for (const row of rows) if (isHindiNameKind(row.kind)) names[row.kind].set(row.english_key, row.name_hi);
  return names;
}

const NONE: OwnNames = Object.fromEntries(HINDI_NAME_KINDS.map((kind) => [kind, new Map()])) as unknown as OwnNames;
const perRequest = new WeakMap<object, Promise<OwnNames>>();

/**
 * The names a page of the request's language uses: English pages read nothing. Read inside the page's render,
 * once per request, so the page cache learns the page depends on hindi_name and a new name shows at once.
 */
export async function hindiNamesFor(locals: { lang: Lang }): Promise<OwnNames> {
  if (locals.lang === 'en') return NONE;
  let names = perRequest.get(locals);
  if (!names) perRequest.set(locals, (names = readHindiNames()));
  return names;
}

/** One English word staff use, with the Hindi name given to it (or null). */
export interface NamedWord { english: string; key: string; nameHi: string | null }

const distinctTrimmed = (values: readonly (string | null | undefined)[]): string[] => {
  const byKey = new Map<string, string>();
  for (const value of values) {
    const word = (value ?? '').trim();
    if (word && !byKey.has(storedNameKey(word))) byKey.set(storedNameKey(word), word);
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'en'));
};

/** The English words in use now, per kind, each with its Hindi name: what the admin screen lists. */
export async function wordsInUse(database: Db = db()): Promise<Record<HindiNameKind, NamedWord[]>> {
  const [circulars, orders, tenders, wards, own] = await Promise.all([
    database.selectFrom('circular').select('department').distinct().execute(),
    database.selectFrom('office_order').select('department').distinct().execute(),
    database.selectFrom('tender').select(['status', 'tender_title_2', 'tender_title_3', 'tender_title_4', 'tender_title_5']).execute(),
    database.selectFrom('ward').select('ward_number').execute(),
    readHindiNames(database),
  ]);
  const words: Record<HindiNameKind, string[]> = {
    department: distinctTrimmed([...circulars, ...orders].map((r) => r.department)),
    document: distinctTrimmed(tenders.flatMap((t) => [t.tender_title_2, t.tender_title_3, t.tender_title_4, t.tender_title_5])),
    'tender-status': distinctTrimmed([...TENDER_STATUSES, ...tenders.map((t) => t.status)]),
    // Ward numbers as stored ('7'), in their numeric order.
    ward: distinctTrimmed(wards.map((w) => w.ward_number)).sort((a, b) => a.localeCompare(b, 'en', { numeric: true })),
  };
  return Object.fromEntries(HINDI_NAME_KINDS.map((kind) => [kind, words[kind].map((english) => {
    const key = storedNameKey(english);
    return { english, key, nameHi: own[kind].get(key) ?? null };
  })])) as Record<HindiNameKind, NamedWord[]>;
}

/** Sets (or, given an empty name, clears) the Hindi name of one English word; audited with before and after. */
export async function setHindiName(
  kind: HindiNameKind,
  english: string,
  raw: string,
  actor: { id: number; email: string },
  database: Db = db(),
): Promise<void> {
  const word = english.replace(/\s+/g, ' ').trim();
  if (!word || [...word].length > 200) throw new HttpError(400, 'Name the English word to give a Hindi name to.');
  const nameHi = checkHindiName(raw, HINDI_NAME_MAX);
  const key = storedNameKey(word);
  await runWrite(
    {
      actor, entity: 'hindi-name', table: 'hindi_name', files: [],
      change: async (trx) => {
        const before = await trx.selectFrom('hindi_name').select('name_hi').where('kind', '=', kind).where('english_key', '=', key).executeTakeFirst();
        if ((before?.name_hi ?? null) === nameHi) return { result: undefined, audit: null };
        await trx.deleteFrom('hindi_name').where('kind', '=', kind).where('english_key', '=', key).execute();
        if (nameHi !== null) await trx.insertInto('hindi_name').values({ kind, english_key: key, name_hi: nameHi }).execute();
        const title = `${kind} ${word}`;
        return {
          result: undefined,
          audit: { action: 'update', recordId: null, before: before ? { title, name_hi: before.name_hi } : null, after: nameHi !== null ? { title, name_hi: nameHi } : null },
        };
      },
    },
    database,
  );
}

/** A ward as a Hindi page lists it: the name an admin gave it, else the page's usual words ('वार्ड 7'). */
export function wardLabel(own: OwnNames, wardNumber: string, usual: (wardNumber: string) => string): string {
  return own.ward.get(storedNameKey(wardNumber)) ?? usual(wardNumber);
}
