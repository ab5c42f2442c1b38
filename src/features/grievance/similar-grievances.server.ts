import { sql } from 'kysely';
import { db, processDatabase, type Db } from '../../server/db';
import { now as clockNow } from '../../server/clock';
import { variantUrl } from '../../server/media-variants';
import { supporterCounts } from '../cases/case-supporters.server';
import { GRIEVANCE } from './grievance.service';
import { OPEN_STATES, type GrievanceState } from './grievance-workflow';
import { readSettings } from './grievance-settings.server';
import { LODGE_LIMITS, lodgeSchema } from './grievance.schema';
import { parseCoordinate } from '../wards/wards.server';
import { DAY_MS } from '../../lib/india-time';

/**
 * Similar reports, shown before a citizen lodges, so that they may say "me too" instead of lodging the same
 * problem again. A grievance is similar when it is
 *   - of the same category, still open, and lodged within the last SIMILAR_DAYS days (the project's clock), and
 *   - either within the distance setting (similarDistanceMetres, 100 m unless the admin says otherwise) of the
 *     citizen's point, when both have one;
 *   - or, when either has no point, in the same ward with at least one landmark word in common (landmarkWords).
 * At most SIMILAR_LIMIT, newest first. Only what the public list shows anyway: never a name, mobile or email.
 */
export const SIMILAR_DAYS = 30;
export const SIMILAR_LIMIT = 5;
/** How many candidates the SQL prefilter hands to the exact checks: a town's month of one category is far fewer. */
const CANDIDATES = 300;
const EARTH_RADIUS_M = 6_371_000;

export interface SimilarQuery {
  categoryId: number;
  point: { lat: number; long: number } | null;
  wardId: number | null;
  landmark: string;
}

export interface SimilarGrievance {
  number: string;
  categoryId: number;
  state: GrievanceState;
  ward: string;
  landmark: string;
  lodgedAt: string;
  /** A 160 px WebP of the citizen's first photo, or null. */
  photo: string | null;
  meToo: number;
  /** Metres from the citizen's point, rounded, when both have one. */
  distance: number | null;
}

/**
 * Words too common in Indian landmarks to say two places are the same ("near", "road", "के पास"): dropped
 * with every word shorter than three letters. Landmarks are compared lower-cased, split on anything that is
 * not a letter, a mark (Devanagari vowel signs) or a digit.
 */
const COMMON_WORDS = new Set([
  'near', 'opp', 'opposite', 'behind', 'beside', 'front', 'the', 'and', 'with', 'from', 'ward', 'side', 'road', 'street', 'lane', 'main',
  'के', 'पास', 'सामने', 'पीछे', 'और', 'में', 'की', 'का', 'से', 'वार्ड', 'रोड', 'गली', 'मार्ग',
]);

export function landmarkWords(landmark: string): Set<string> {
  const words = landmark.toLowerCase().normalize('NFC').split(/[^\p{L}\p{M}\p{N}]+/u);
  return new Set(words.filter((w) => [...w].length >= 3 && !COMMON_WORDS.has(w)));
}

/** Great-circle distance in metres (haversine): exact enough for a town, and cheap. */
export function distanceMetres(a: { lat: number; long: number }, b: { lat: number; long: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLong = (b.long - a.long) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLong / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The case's point, read inside the query: each engine reads JSON its own way. */
function pointColumn(key: 'lat' | 'long') {
  return processDatabase().engine === 'postgres'
    ? sql<number | null>`(service_case.data::jsonb ->> ${sql.lit(key)})::float8`
    : sql<number | null>`json_extract(service_case.data, ${sql.lit(`$.${key}`)})`;
}

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export async function findSimilarGrievances(query: SimilarQuery, database: Db = db()): Promise<SimilarGrievance[]> {
  const { similarDistanceMetres: metres } = await readSettings(database);
  const since = new Date(clockNow() - SIMILAR_DAYS * DAY_MS).toISOString();
  const lat = pointColumn('lat');
  const long = pointColumn('long');
  const words = landmarkWords(query.landmark);
  const byWard = query.wardId !== null && words.size > 0;
  if (!query.point && !byWard) return [];
  // The bounding box around the point, a little wider than the distance; the exact distance is checked below.
  const box = query.point && {
    dLat: (metres / EARTH_RADIUS_M) * (180 / Math.PI) * 1.01,
    dLong: ((metres / EARTH_RADIUS_M) * (180 / Math.PI) * 1.01) / Math.max(0.01, Math.cos((query.point.lat * Math.PI) / 180)),
  };
  const rows = await database
    .selectFrom('service_case')
    .select(['id', 'number', 'state', 'ward_id', 'category_id', 'lodged_at', 'data'])
    .where('service', '=', GRIEVANCE.name)
    .where('category_id', '=', query.categoryId)
    .where('state', 'in', OPEN_STATES)
    .where('lodged_at', '>=', since)
    .where((eb) =>
      eb.or([
        ...(query.point && box
          ? [eb.and([eb(lat, '>=', query.point.lat - box.dLat), eb(lat, '<=', query.point.lat + box.dLat), eb(long, '>=', query.point.long - box.dLong), eb(long, '<=', query.point.long + box.dLong)])]
          : []),
        ...(byWard ? [eb('ward_id', '=', query.wardId)] : []),
      ]),
    )
    .orderBy('lodged_at', 'desc')
    .orderBy('id', 'desc')
    .limit(CANDIDATES)
    .execute();

  const similar = rows.flatMap((row): { row: (typeof rows)[number]; data: Record<string, unknown>; distance: number | null }[] => {
    const data = JSON.parse(row.data) as Record<string, unknown>;
    const theirs = numberOrNull(data.lat) !== null && numberOrNull(data.long) !== null ? { lat: data.lat as number, long: data.long as number } : null;
    if (query.point && theirs) {
      const distance = distanceMetres(query.point, theirs);
      return distance <= metres ? [{ row, data, distance: Math.round(distance) }] : [];
    }
    const landmark = typeof data.landmark === 'string' ? data.landmark : '';
    const common = byWard && row.ward_id === query.wardId && [...landmarkWords(landmark)].some((w) => words.has(w));
    return common ? [{ row, data, distance: null }] : [];
  }).slice(0, SIMILAR_LIMIT);
  if (similar.length === 0) return [];

  const photoIds = similar.map(({ data }) => numberOrNull(data.pubImage1)).filter((id): id is number => id !== null);
  const [wards, photos, counts] = await Promise.all([
    database.selectFrom('ward').select(['id', 'ward_number']).where('id', 'in', similar.map(({ row }) => row.ward_id ?? -1)).execute(),
    photoIds.length ? database.selectFrom('media').select(['id', 'sha256']).where('id', 'in', photoIds).where('private', '=', 0).execute() : Promise.resolve([]),
    supporterCounts(similar.map(({ row }) => row.id), database),
  ]);
  const wardOf = new Map(wards.map((w) => [w.id, w.ward_number]));
  const photoOf = new Map(photos.map((m) => [m.id, variantUrl(m.sha256, 160)]));
  return similar.map(({ row, data, distance }) => ({
    number: row.number,
    categoryId: row.category_id ?? query.categoryId,
    state: row.state as GrievanceState,
    ward: wardOf.get(row.ward_id ?? -1) ?? '',
    landmark: typeof data.landmark === 'string' ? data.landmark : '',
    lodgedAt: row.lodged_at,
    photo: photoOf.get(numberOrNull(data.pubImage1) ?? -1) ?? null,
    meToo: counts.get(row.id) ?? 0,
    distance,
  }));
}

/**
 * The question as sent (the API's query string, the lodging form's fields): the category a whole number;
 * lat and long decimal degrees, both or neither; the ward a whole number; the landmark at most as long as the
 * form allows. Each problem is named by its parameter.
 */
export function readSimilarQuery(get: (name: string) => string | null | undefined): { query: SimilarQuery; errors: null } | { query: null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const text = (name: string) => (get(name) ?? '').trim();
  const whole = (name: string) => (/^\d{1,9}$/.test(text(name)) && Number(text(name)) > 0 ? Number(text(name)) : null);
  const categoryId = whole('category');
  if (categoryId === null) errors.category = 'Give category as the id of a grievance category (a whole number).';
  const lat = parseCoordinate(text('lat'), 90);
  const long = parseCoordinate(text('long'), 180);
  if (text('lat') && lat === null) errors.lat = 'Give lat in decimal degrees, from -90 to 90.';
  if (text('long') && long === null) errors.long = 'Give long in decimal degrees, from -180 to 180.';
  if (!errors.lat && !errors.long && (lat === null) !== (long === null)) errors[lat === null ? 'lat' : 'long'] = 'Send lat and long together.';
  const wardId = whole('ward');
  if (text('ward') && wardId === null) errors.ward = 'Give ward as the id of a ward (a whole number).';
  const landmark = text('landmark');
  if (landmark.length > LODGE_LIMITS.landmark) errors.landmark = `Give a landmark of at most ${LODGE_LIMITS.landmark} characters.`;
  if (Object.keys(errors).length > 0) return { query: null, errors };
  return { query: { categoryId: categoryId!, point: lat !== null && long !== null ? { lat, long } : null, wardId, landmark }, errors: null };
}

/** A lodging held back because similar open grievances exist: the page lists them and asks. */
export class SimilarFound extends Error {
  constructor(
    readonly items: readonly SimilarGrievance[],
    readonly byPoint: boolean,
  ) {
    super('Similar open grievances exist.');
  }
}

/**
 * Before a citizen's form is lodged: its own mistakes are refused first (so the list does not hide them), then
 * any similar open grievance stops it (SimilarFound) unless the citizen has said none of them is theirs.
 */
export async function holdIfSimilar(sent: Record<string, string>, noneMine: boolean): Promise<void> {
  await lodgeSchema.validate(sent, { abortEarly: false, stripUnknown: true });
  if (noneMine) return;
  const { query } = readSimilarQuery((name) => sent[name]);
  if (!query) return;
  const items = await findSimilarGrievances(query);
  if (items.length > 0) throw new SimilarFound(items, query.point !== null);
}
