import { createHash } from 'node:crypto';
import { db, nowIso, type Db } from '../../server/db';
import { HttpError, readBodyBytes, type BodyLimit } from '../../server/http';
import { runWrite } from '../../server/write-path';
import type { Session } from '../../server/auth/session';
import { BoundaryError, checkWardBoundaries, featureCollection, wardAt, type Polygon, type WardShape } from './ward-geometry';
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

/** The ward (its id and number) a point lies in, or null when it lies in none or no boundaries are set. */
export async function findWardAt(lat: number, long: number, database: Db = db()): Promise<{ id: number; number: string } | null> {
  const shapes = await wardShapes(database);
  const number = wardAt(shapes, [long, lat]);
  const shape = shapes.find((s) => s.ward === number);
  return shape ? { id: shape.wardId, number: shape.ward } : null;
}

/** The open data: every ward's boundary as a GeoJSON FeatureCollection. */
export async function boundariesGeoJson(database: Db = db()): Promise<object> {
  return featureCollection(await wardShapes(database));
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

/**
 * The one path of an upload, for the PUT call and the admin's page alike: the file's bytes (already read
 * within BOUNDARY_LIMIT) parsed as JSON, checked against the council's wards and, when they pass, every
 * boundary replaced at once (audited: how many wards, and the file's SHA-256). A failing file changes nothing
 * and throws BoundaryError with every problem found, as codes the caller puts into words.
 */
export async function uploadBoundaries(bytes: Uint8Array, session: Session, database: Db = db()): Promise<{ wards: number }> {
  let geojson: unknown;
  try {
    geojson = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new BoundaryError([{ code: 'notJson' }]);
  }
  const wards = await database.selectFrom('ward').select(['id', 'ward_number']).execute();
  const shapes: WardShape[] = checkWardBoundaries(geojson, wards.map((w) => w.ward_number));
  const idOf = new Map(wards.map((w) => [w.ward_number, w.id]));
  const sha256 = createHash('sha256').update(bytes).digest('hex');
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
