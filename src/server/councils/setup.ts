import { readConfig } from '../config';
import { nowIso } from '../db';
import { addUser } from '../auth/users';
import { hashPassword } from '../auth/password';
import { installationSecret } from '../auth/secret';
import { prepareCouncilDatabase } from '../bootstrap';
import { withCouncil } from '../council-context';
import { writeCouncilIdentity } from '../council/identity';
import { sourceHash } from '../content/translation-store';
import { raiseTableVersions } from '../content-version';
import type { Insertable } from 'kysely';
import type { Database } from '../db-schema';
import type { CouncilIdentityInput } from '../../lib/council';
import { closeCouncilDatabase, councilDatabase } from './databases';
import { migratePlatform, platformDb } from './platform';
import { listCouncils, normaliseHost, refreshCouncils, type CouncilRecord } from './registry';

/** A demo installation's second council and the state's demo administrator (README.md). */
export const DEMO_SECOND_COUNCIL = {
  slug: 'sitapur',
  name: 'Nagar Parishad Sitapur',
  nameHindi: 'नगर परिषद सीतापुर',
  shortName: 'NPS',
  hosts: ['sitapur.localhost'],
  adminEmail: 'admin@sitapur.example',
  adminPassword: 'sitapur-demo-2026',
  identity: { contacts: { email: 'info@sitapur.example', phone: '05862-242310', tollFree: '1800-180-5862' } },
};
export const DEMO_STATE_ADMIN = { email: 'state@nagarparishad.example', password: 'state-demo-2026' };

/** Why host names were refused, for a screen to say in its own language. */
export type HostRefusal = { code: 'no-host' | 'bad-host' | 'state-host' } | { code: 'host-taken'; host: string };

/** A refusal of what was asked, in words for whoever asked (the state's calls answer it as 400 or 409). */
export class CouncilSetupError extends Error {
  constructor(
    readonly status: 400 | 409,
    message: string,
    readonly reason: HostRefusal,
  ) {
    super(message);
  }
}

/** Refuses host names because another council has one of them. */
export const hostTaken = (host: string) => new CouncilSetupError(409, `Another council has the host name ${host}.`, { code: 'host-taken', host });

/**
 * The platform's entry of the first council, made before anything names it: the council's own names live in its
 * database (council_identity), written by the demo or at its first setup (src/server/council/setup.ts).
 */
const FIRST_COUNCIL = { slug: 'first', name: 'First council', nameHindi: 'पहली परिषद', shortName: 'FIRST' };

/** The host the first council takes: SITE_URL's, else HOST's. */
function firstCouncilHost(): string | null {
  const config = readConfig();
  return normaliseHost(config.siteUrl ? new URL(config.siteUrl).host : config.host);
}

/**
 * Everything the platform needs before any council serves: its database, the first council (made on the
 * first start from the installation's own settings, its data where it always was), the state administrator
 * the settings name, and on a demo start with STATE_HOST the demo's second council. Safe to run again.
 */
export async function preparePlatform(log: (line: string) => void = console.log): Promise<void> {
  const config = readConfig();
  installationSecret(); // made now, so a bad data folder stops the start rather than the first sign-in
  const ran = await migratePlatform();
  if (ran.length > 0) log(`Platform database migrated: ${ran.join(', ')}`);
  const platform = platformDb();
  const existing = await platform.selectFrom('council').select('id').where('first', '=', 1).executeTakeFirst();
  if (!existing) {
    const host = firstCouncilHost();
    await platform.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('council')
        .values({ slug: FIRST_COUNCIL.slug, name: FIRST_COUNCIL.name, name_hindi: FIRST_COUNCIL.nameHindi, short_name: FIRST_COUNCIL.shortName, status: 'active', first: 1, created_at: nowIso() })
        // Several processes starting at once: one makes it.
        .onConflict((oc) => oc.column('slug').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted && host) await trx.insertInto('council_host').values({ host, council_id: inserted.id }).onConflict((oc) => oc.column('host').doNothing()).execute();
    });
  }
  await refreshCouncils();

  const email = process.env.STATE_ADMIN_EMAIL;
  const password = process.env.STATE_ADMIN_PASSWORD;
  if (email && password && (await addStateAdmin(email, password))) log(`Created state administrator ${email}`);

  if (config.stateHost && config.seed === 'demo' && !config.production) {
    if (await addStateAdmin(DEMO_STATE_ADMIN.email, DEMO_STATE_ADMIN.password)) {
      log(`Created the demo state administrator (on http://${config.stateHost}:${config.port}/): ${DEMO_STATE_ADMIN.email}  /  ${DEMO_STATE_ADMIN.password}`);
    }
    if ((await listCouncils()).length === 1) {
      const made = await createCouncil(DEMO_SECOND_COUNCIL, seedStarterPages).catch((err: Error) => log(`The demo's second council was not made: ${err.message}`));
      if (made) log(`Created the demo's second council ${made.name} on http://${made.hosts[0]}:${config.port}/ (admin ${DEMO_SECOND_COUNCIL.adminEmail}  /  ${DEMO_SECOND_COUNCIL.adminPassword})`);
    }
  }
}

/** Adds a state administrator; false when the email has one already. */
export async function addStateAdmin(email: string, password: string): Promise<boolean> {
  if (password.length < 8) throw new Error('a state administrator\'s password must be at least 8 characters');
  const inserted = await platformDb()
    .insertInto('state_admin')
    .values({ email: email.trim().toLowerCase(), password_hash: await hashPassword(password), created_at: nowIso(), disabled_at: null })
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export interface NewCouncil {
  name: string;
  nameHindi: string;
  shortName: string;
  hosts: string[];
  adminEmail: string;
  adminPassword: string;
  /** Names its folder or schema; made from its first host when not given. */
  slug?: string;
  /** More of its identity than its names (the demo's contacts); its admin fills in the rest. */
  identity?: Partial<CouncilIdentityInput>;
}

/** The host names asked for, each as councils keep it; refused when one is no host name. */
export function hostNames(raw: readonly string[], stateHost = readConfig().stateHost): string[] {
  const hosts = [...new Set(raw.map((h) => normaliseHost(h)))];
  if (hosts.length === 0) throw new CouncilSetupError(400, 'Give the council at least one host name.', { code: 'no-host' });
  if (hosts.some((h) => h === null)) throw new CouncilSetupError(400, 'A host name is a name such as parishad.example.gov.in, without https:// or a path.', { code: 'bad-host' });
  if (stateHost && hosts.includes(stateHost)) throw new CouncilSetupError(409, 'That host name is the state console\'s.', { code: 'state-host' });
  return hosts as string[];
}

/** A slug no council has yet: from the one asked for, or the first host's first label. */
async function freeSlug(asked: string | undefined, hosts: string[]): Promise<string> {
  const base = (asked ?? hosts[0].split('.')[0]).toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'council';
  const taken = new Set((await platformDb().selectFrom('council').select('slug').execute()).map((r) => r.slug));
  if (!/^[a-z]/.test(base)) return freeSlug(`c-${base}`, hosts);
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(slug)) return slug;
  }
}

/**
 * Makes a council that serves at once: its platform record and hosts, its database created and brought up to
 * date, its first admin, and `seed` (a starter set of pages) when given. Should its database not be made, the
 * record is taken back and nothing of it remains but the error.
 */
export async function createCouncil(input: NewCouncil, seed?: (council: CouncilRecord) => Promise<void>): Promise<CouncilRecord> {
  const hosts = hostNames(input.hosts);
  const slug = await freeSlug(input.slug, hosts);
  const platform = platformDb();
  const id = await platform.transaction().execute(async (trx) => {
    const claimed = await trx.selectFrom('council_host').select('host').where('host', 'in', hosts).execute();
    if (claimed.length > 0) throw hostTaken(claimed[0].host);
    const row = await trx
      .insertInto('council')
      .values({ slug, name: input.name, name_hindi: input.nameHindi, short_name: input.shortName, status: 'active', first: 0, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('council_host').values(hosts.map((host) => ({ host, council_id: row.id }))).execute();
    return row.id;
  });
  const council: CouncilRecord = { id, slug, name: input.name, nameHindi: input.nameHindi, shortName: input.shortName, status: 'active', first: false, hosts };
  try {
    await withCouncil(council, async () => {
      const database = councilDatabase(council).db;
      await prepareCouncilDatabase(database, () => {});
      // Its names on its own pages, documents and messages; its admin fills in the rest.
      await writeCouncilIdentity(database, { ...input.identity, name: { en: input.name, hi: input.nameHindi }, shortName: input.shortName });
      await addUser(input.adminEmail, input.adminPassword, 'admin', database);
      if (seed) await seed(council);
    });
  } catch (err) {
    await closeCouncilDatabase(id).catch(() => {});
    await platform.deleteFrom('council').where('id', '=', id).execute();
    throw err;
  }
  await refreshCouncils();
  return council;
}

/**
 * A starter set of pages for a new council, so that its site is not empty on its first day: two news items and
 * an about page, each in Hindi too (kept as the content's translations, as an editor's would be).
 */
export async function seedStarterPages(council: CouncilRecord): Promise<void> {
  const database = councilDatabase(council).db;
  const at = nowIso();
  const news = [
    {
      en: { title: `${council.name} now has its own website`, description: 'Notices, tenders and complaints of the town, in English and Hindi.' },
      hi: { title: `${council.nameHindi} की अपनी वेबसाइट शुरू`, description: 'नगर की सूचनाएँ, निविदाएँ और शिकायतें, हिन्दी और अंग्रेज़ी में।' },
    },
    {
      en: { title: 'Property tax counter open on Saturdays this month', description: 'The office counter takes property tax from 10 AM to 2 PM.' },
      hi: { title: 'इस माह शनिवार को संपत्ति कर काउंटर खुला रहेगा', description: 'कार्यालय का काउंटर सुबह 10 बजे से दोपहर 2 बजे तक संपत्ति कर लेता है।' },
    },
  ];
  const about = {
    en: { name: council.name, description: `${council.name} serves the town's wards with water, roads, sanitation and street lights.` },
    hi: { name: council.nameHindi, description: `${council.nameHindi} नगर के वार्डों को पानी, सड़क, सफ़ाई और स्ट्रीट लाइट की सेवाएँ देती है।` },
  };
  await database.transaction().execute(async (trx) => {
    const translations: Insertable<Database['content_translation']>[] = [];
    const translate = (typePath: string, recordId: number, english: Record<string, string>, hindi: Record<string, string>) => {
      for (const [key, text] of Object.entries(hindi)) {
        translations.push({ type_path: typePath, record_id: recordId, field_key: key, lang: 'hi', text, source_hash: sourceHash(english[key]), updated_at: at, updated_by: 'starter' });
      }
    };
    for (const item of news) {
      const row = await trx.insertInto('latest_news').values({ ...item.en, created_date: at }).returning('id').executeTakeFirstOrThrow();
      translate('latest-news', row.id, item.en, item.hi);
    }
    const row = await trx.insertInto('about').values({ ...about.en, photo_media_id: null, created_date: at }).returning('id').executeTakeFirstOrThrow();
    translate('about', row.id, about.en, about.hi);
    await trx.insertInto('content_translation').values(translations).execute();
    await raiseTableVersions(trx, ['latest_news', 'about', 'content_translation']);
  });
}
