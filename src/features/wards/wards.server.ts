import { createHash } from 'node:crypto';
import { db, nowIso, type Db } from '../../server/db';
import { HttpError, readBodyBytes, type BodyLimit } from '../../server/http';
import { runWrite } from '../../server/write-path';
import { readSharedTableVersions } from '../../server/content-version';
import { processSingleton } from '../../server/singleton';
import type { Session } from '../../server/auth/session';
import { BoundaryError, featureCollection, type Polygon, type WardShape } from './ward-geometry';
import { WardIndex } from './ward-index';
import { checkInTurn } from './check-queue';
import { problemText } from './boundary-words';

/**
 * Ward boundaries in the database (ward_boundary): replaced whole by an admin's GeoJSON upload, read to find
 * the ward of a point (Open311, the grievance form's "use my location") and given out as open data.
 */

/** The largest upload: ample for 25 wards drawn to a few metres; read with this cap before any parsing. */
export const BOUNDARY_LIMIT: BodyLimit = { bytes: 2 * 1024 * 1024, message: 'The boundary file is larger than the 2 MB allowed.' };
/**
 * The admin page's form: the same file cap, with room for the form's one-time token and the multipart framing
 * around the file. The whole body is read within it before anything is parsed; the file is then held to
 * BOUNDARY_LIMIT itself.
 */
export const BOUNDARY_FORM_LIMIT: BodyLimit = { bytes: BOUNDARY_LIMIT.bytes + 16 * 1024, message: BOUNDARY_LIMIT.message };

/** Every ward's shape, with its ward's id; none when no boundaries have been uploaded. */
export async function wardShapes(database: Db = db()): Promise<(WardShape & { wardId: number })[]> {
  const rows = await database
    .selectFrom('ward_boundary')
    .innerJoin('ward', 'ward.id', 'ward_boundary.ward_id')
    .select(['ward.id', 'ward.ward_number', 'ward_boundary.polygons'])
    .execute();
  return rows.map((r) => ({ wardId: r.id, ward: r.ward_number, polygons: JSON.parse(r.polygons) as Polygon[] }));
}

/** The boundaries in use, parsed and indexed for look-ups, with each ward's id. */
interface WardLookup {
  index: WardIndex;
  ids: Map<string, number>;
  shapes: (WardShape & { wardId: number })[];
}

/**
 * The look-up is kept in memory, under the versions of the two tables it is read from (content-version.ts):
 * a change to either through any server process raises its version, and the next look-up in every process
 * reads and indexes the boundaries again. The versions are read before the rows, so a look-up is never kept
 * under versions newer than what it holds.
 */
interface KeptLookup {
  versions: string;
  lookup: Promise<WardLookup>;
}
const kept = () => processSingleton<{ current: KeptLookup | null }>('ward-lookup', () => ({ current: null }));

async function buildLookup(database: Db): Promise<WardLookup> {
  const shapes = await wardShapes(database);
  return { index: new WardIndex(shapes), ids: new Map(shapes.map((s) => [s.ward, s.wardId])), shapes };
}

/** The kept look-up, or a new one when the boundaries or the wards changed; `built` says which. */
export async function wardLookup(database: Db = db()): Promise<{ lookup: WardLookup; built: boolean }> {
  // Another database (a script's, a test's) is not the one the versions describe.
  if (database !== db()) return { lookup: await buildLookup(database), built: true };
  const versions = await readSharedTableVersions();
  const key = `${versions.get('ward_boundary') ?? 0}/${versions.get('ward') ?? 0}`;
  const store = kept();
  if (store.current?.versions === key) return { lookup: await store.current.lookup, built: false };
  const entry: KeptLookup = { versions: key, lookup: buildLookup(database) };
  store.current = entry;
  entry.lookup.catch(() => {
    if (store.current === entry) store.current = null;
  });
  return { lookup: await entry.lookup, built: true };
}

/** The ward (its id and number) a point lies in, or null when it lies in none or no boundaries are set. */
export async function findWardAt(lat: number, long: number, database: Db = db()): Promise<{ id: number; number: string } | null> {
  const { lookup } = await wardLookup(database);
  const number = lookup.index.wardAt([long, lat]);
  return number === null ? null : { id: lookup.ids.get(number)!, number };
}

/** The open data: every ward's boundary as a GeoJSON FeatureCollection. */
export async function boundariesGeoJson(database: Db = db()): Promise<object> {
  return featureCollection((await wardLookup(database)).lookup.shapes);
}

/** Reads the PUT call's body (JSON or GeoJSON, at most BOUNDARY_LIMIT), unparsed: uploadBoundaries parses it. */
export async function readBoundaryUpload(request: Request): Promise<Uint8Array> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (!type.includes('application/json') && !type.includes('application/geo+json')) {
    throw new HttpError(415, 'Send the boundaries as GeoJSON (application/geo+json or application/json).');
  }
  return readBodyBytes(request, BOUNDARY_LIMIT);
}

/** A refusal of the check as the API answers it: 400, in English, every problem numbered. */
export function boundaryRefusal(err: BoundaryError): HttpError {
  const texts = err.problems.map((problem) => problemText(problem, 'en'));
  return new HttpError(400, texts[0], Object.fromEntries(texts.map((text, i) => [`problem${i + 1}`, text])));
}

/** How long to wait before sending a file again when the checks are full: about one large file's check. */
export const BUSY_RETRY_SECONDS = 5;

/**
 * The one path of an upload, for the PUT call and the admin's page alike: the file's bytes (already read
 * within BOUNDARY_LIMIT) parsed as JSON, checked against the council's wards in turn with other uploads
 * (check-queue.ts: in slices, so the server keeps answering meanwhile) and, when they pass, every boundary
 * replaced at once, rings turned to the right-hand rule (audited: how many wards, and the file's SHA-256). A
 * failing file changes nothing and throws BoundaryError with every problem found, as codes the caller puts
 * into words; CheckQueueFull when too many files are being checked already.
 */
export async function uploadBoundaries(bytes: Uint8Array, session: Session, database: Db = db()): Promise<{ wards: number }> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const wards = await database.selectFrom('ward').select(['id', 'ward_number']).execute();
  const shapes: WardShape[] = await checkInTurn(
    sha256,
    wards.map((w) => w.ward_number),
    () => {
      try {
        return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
      } catch {
        throw new BoundaryError([{ code: 'notJson' }]);
      }
    },
  );
  const idOf = new Map(wards.map((w) => [w.ward_number, w.id]));
  return runWrite(
    {
      actor: { id: session.user.id, email: session.user.email }, entity: 'ward-boundaries', table: 'ward_boundary', files: [],
      change: async (trx) => {
        const before = await trx.selectFrom('ward_boundary').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        await trx.deleteFrom('ward_boundary').execute();
        const at = nowIso();
        await trx.insertInto('ward_boundary').values(shapes.map((s) => ({ ward_id: idOf.get(s.ward)!, polygons: JSON.stringify(s.polygons), updated_at: at }))).execute();
        return { result: { wards: shapes.length }, audit: { action: 'update', recordId: null, before: { wards: Number(before.n) }, after: { wards: shapes.length, sha256 } } };
      },
    },
    database,
  );
}

/** A coordinate from a query or form: decimal degrees within the range, or null when it is not one. */
export function parseCoordinate(raw: string | null | undefined, max: 90 | 180): number | null {
  const text = (raw ?? '').trim();
  if (!/^[+-]?\d{1,3}(\.\d{1,12})?$/.test(text)) return null;
  const value = Number(text);
  return Math.abs(value) <= max ? value : null;
}

/** What the admin's page shows of the boundaries in use: which wards have one, when they were uploaded and by whom. */
export interface BoundarySummary {
  covered: string[];
  missing: string[];
  /** When the boundaries in use were stored; null before any. */
  uploadedAt: string | null;
  /** The admin whose upload it was, from the audit log; null for the demo's own (seeded, not uploaded). */
  uploadedBy: string | null;
}

export async function boundarySummary(database: Db = db()): Promise<BoundarySummary> {
  const [wards, stored, audit] = await Promise.all([
    database.selectFrom('ward').leftJoin('ward_boundary', 'ward_boundary.ward_id', 'ward.id').select(['ward.ward_number', 'ward_boundary.updated_at']).execute(),
    database.selectFrom('ward_boundary').select((eb) => eb.fn.max('updated_at').as('at')).executeTakeFirst(),
    database.selectFrom('audit_log').select(['user_email']).where('entity', '=', 'ward-boundaries').orderBy('id', 'desc').limit(1).executeTakeFirst(),
  ]);
  const byNumber = (a: string, b: string) => Number(a) - Number(b);
  const uploadedAt = (stored?.at as string | null | undefined) ?? null;
  return {
    covered: wards.filter((w) => w.updated_at !== null).map((w) => w.ward_number).sort(byNumber),
    missing: wards.filter((w) => w.updated_at === null).map((w) => w.ward_number).sort(byNumber),
    uploadedAt,
    // Only a passing upload writes an audit row (in the transaction that stores it): the latest is the one in use.
    uploadedBy: audit && uploadedAt ? audit.user_email : null,
  };
}
