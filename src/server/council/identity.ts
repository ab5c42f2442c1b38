import type { Insertable, Selectable } from 'kysely';
import { db, nowIso, processDatabase, type Db } from '../db';
import type { Database } from '../db-schema';
import { mediaUrl } from '../media';
import { processSingleton } from '../singleton';
import { councilInContext } from '../council-context';
import { raiseTableVersions, readSharedTableVersions } from '../content-version';
import { noteTablesRead, readForFrame } from '../cache/dependencies';
import type { CouncilIdentity, CouncilIdentityInput, CouncilLinks, PostalAddress, SocialAccounts } from '../../lib/council';

/**
 * The council's identity, read and written. Every read of council_identity goes through this file, so that a
 * request's council (which database it lives in) is decided in one place. Pages, documents and messages ask
 * `councilIdentity()`, which is cheap: the identity is kept per database and read again only when the table's
 * shared version moved (a write on any instance raises it), and a page rendered with it depends on the table,
 * so the page cache drops it on a change.
 */
export const IDENTITY_TABLE = 'council_identity';
const ROW_ID = 1;

type Row = Selectable<Database['council_identity']>;

const EMPTY_ADDRESS: PostalAddress = { line1: '', line2: '', town: '', district: '', state: '', pinCode: '' };
const EMPTY_LINKS: CouncilLinks = { map: '', mobileApp: '', vehicleTracking: '', important: [] };
const EMPTY_SOCIAL: SocialAccounts = { facebook: '', x: '', youtube: '', instagram: '' };

/** What a new council needs at least: its names and short name; the rest starts empty until its admin fills it in. */
export type NewCouncilIdentity = Pick<CouncilIdentityInput, 'name' | 'shortName'> & Partial<CouncilIdentityInput>;

export function completeIdentity(identity: NewCouncilIdentity): CouncilIdentityInput {
  return {
    name: identity.name,
    shortName: identity.shortName,
    tagline: identity.tagline ?? { en: '', hi: '' },
    address: identity.address ?? { en: EMPTY_ADDRESS, hi: EMPTY_ADDRESS },
    contacts: identity.contacts ?? { email: '', phone: '', tollFree: '' },
    hours: identity.hours ?? { en: '', hi: '' },
    links: identity.links ?? EMPTY_LINKS,
    social: identity.social ?? EMPTY_SOCIAL,
    colour: identity.colour ?? 'blue',
  };
}

/** The row that stores an identity, with the logo it keeps (or the one given). */
export function rowOf(identity: CouncilIdentityInput, logoMediaId: number | null): Insertable<Database['council_identity']> {
  return {
    id: ROW_ID,
    name_en: identity.name.en,
    name_hi: identity.name.hi,
    short_name: identity.shortName,
    tagline_en: identity.tagline.en,
    tagline_hi: identity.tagline.hi,
    address_en: JSON.stringify(identity.address.en),
    address_hi: JSON.stringify(identity.address.hi),
    email: identity.contacts.email,
    phone: identity.contacts.phone,
    toll_free: identity.contacts.tollFree,
    hours_en: identity.hours.en,
    hours_hi: identity.hours.hi,
    links: JSON.stringify(identity.links),
    social: JSON.stringify(identity.social),
    colour: identity.colour,
    logo_media_id: logoMediaId,
    updated_at: nowIso(),
  };
}

export function inputOf(row: Row): CouncilIdentityInput {
  return {
    name: { en: row.name_en, hi: row.name_hi },
    shortName: row.short_name,
    tagline: { en: row.tagline_en, hi: row.tagline_hi },
    address: { en: { ...EMPTY_ADDRESS, ...JSON.parse(row.address_en) }, hi: { ...EMPTY_ADDRESS, ...JSON.parse(row.address_hi) } },
    contacts: { email: row.email, phone: row.phone, tollFree: row.toll_free },
    hours: { en: row.hours_en, hi: row.hours_hi },
    links: { ...EMPTY_LINKS, ...JSON.parse(row.links) },
    social: { ...EMPTY_SOCIAL, ...JSON.parse(row.social) },
    colour: row.colour as CouncilIdentityInput['colour'],
  };
}

/** The stored row, read now (inside a write's transaction, or where no cache may answer). */
export async function readIdentityRow(database: Db): Promise<Row | undefined> {
  return database.selectFrom('council_identity').selectAll().where('id', '=', ROW_ID).executeTakeFirst();
}

/** The identity as stored now, or null when the council has not been set up. */
export async function readCouncilIdentity(database: Db = db()): Promise<CouncilIdentity | null> {
  const row = await readIdentityRow(database);
  if (!row) return null;
  const logo =
    row.logo_media_id === null
      ? undefined
      : await database.selectFrom('media').select(['id', 'sha256', 'content_type']).where('id', '=', row.logo_media_id).executeTakeFirst();
  return {
    ...inputOf(row),
    logo: logo ? { mediaId: logo.id, sha256: logo.sha256, contentType: logo.content_type, url: mediaUrl(logo.sha256, logo.content_type) } : null,
    updatedAt: row.updated_at,
  };
}

/**
 * Writes a council's identity into its database, in a transaction of its own (or the one given), keeping the
 * logo it has: for a new council's database, the demo seed and the first setup. An admin's edit goes through
 * saveCouncilIdentity (./settings.ts), which audits it and keeps a revision.
 */
export async function writeCouncilIdentity(database: Db, identity: NewCouncilIdentity): Promise<void> {
  const write = async (trx: Db) => {
    const kept = (await readIdentityRow(trx))?.logo_media_id ?? null;
    const { id, ...values } = rowOf(completeIdentity(identity), kept);
    await trx.insertInto('council_identity').values({ id, ...values }).onConflict((oc) => oc.column('id').doUpdateSet(values)).execute();
    await raiseTableVersions(trx, [IDENTITY_TABLE]);
  };
  if (database.isTransaction) await write(database);
  else await database.transaction().execute(write);
}

/** Whether the council has an identity yet (a fresh database waiting for its setup has none). */
export async function hasCouncilIdentity(database: Db = db()): Promise<boolean> {
  return (await database.selectFrom('council_identity').select('id').where('id', '=', ROW_ID).executeTakeFirst()) !== undefined;
}

interface Kept {
  version: number | undefined;
  identity: Promise<CouncilIdentity | null>;
}

const kept = processSingleton('council-identity', () => new WeakMap<Db, Kept>());

/**
 * The identity table's shared version for a database: the current council's own reads the shared reader
 * (microseconds on SQLite); any other (a script's, outside every council) is asked directly.
 */
async function versionOf(database: Db): Promise<number | undefined> {
  if (councilInContext() && database === processDatabase().db) return (await readSharedTableVersions()).get(IDENTITY_TABLE);
  const row = await database.selectFrom('table_version').select('version').where('table_name', '=', IDENTITY_TABLE).executeTakeFirst();
  return row ? Number(row.version) : undefined;
}

/**
 * The council's identity for the request being answered, or null before its setup. The one accessor every
 * page, document and message uses. A render that asks depends on the table (as a part of the frame: a change
 * of the identity redraws the page without dating its content).
 */
export async function findCouncilIdentity(database: Db = db()): Promise<CouncilIdentity | null> {
  await readForFrame(async () => noteTablesRead([IDENTITY_TABLE]));
  const version = await versionOf(database);
  const found = kept.get(database);
  if (found && found.version === version && version !== undefined) return found.identity;
  const identity = readCouncilIdentity(database);
  kept.set(database, { version, identity });
  identity.catch(() => kept.delete(database));
  return identity;
}

/** The council's identity; fails loudly where a page is reached before the setup (src/server/council/setup-gate.ts keeps them away). */
export async function councilIdentity(database: Db = db()): Promise<CouncilIdentity> {
  const identity = await findCouncilIdentity(database);
  if (!identity) throw new Error('the council has not been set up yet');
  return identity;
}

/** The short name that prefixes every number the council issues (receipts, cases, licences). */
export async function councilShortName(database: Db = db()): Promise<string> {
  return (await councilIdentity(database)).shortName;
}
