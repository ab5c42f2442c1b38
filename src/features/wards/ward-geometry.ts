/**
 * Ward boundaries as GeoJSON (RFC 7946): the check an admin's upload must pass, and the point-in-polygon
 * look-up that finds the ward of a point. Pure functions, no libraries: a ray cast per ring, and segment
 * crossing tests for the overlap and self-intersection rules. Coordinates are [longitude, latitude].
 */
import { gapsBetween } from './ward-gaps';

export type Position = [number, number];
/** Rings of one polygon: the outer ring first, then its holes; each ring closed (first = last). */
export type Polygon = Position[][];

export interface WardShape {
  ward: string;
  /** One or more polygons (a MultiPolygon's parts). */
  polygons: Polygon[];
}

/** Limits that keep the check's work bounded (the pairwise tests are quadratic in a ring's size). */
export const GEOMETRY_LIMITS = { features: 200, positionsPerRing: 5_000, positionsInAll: 50_000 } as const;

/** Where in the file a problem is: a feature (from 1), its ward when known, its part of a MultiPolygon and its ring. */
export interface Place {
  feature: number;
  ward?: string;
  part?: number;
  ring?: number;
}

/**
 * A reason the check refuses a file, as a code and its particulars; the words are the catalogues' (wards.problems,
 * in English and Hindi), so the API and the admin's page say the same thing in the reader's language.
 */
export type BoundaryProblem =
  | { code: 'notJson' }
  | { code: 'notCollection' }
  | { code: 'noFeatures' }
  | { code: 'tooManyFeatures'; count: number; max: number }
  | { code: 'notFeature'; place: Place }
  | { code: 'noWardNumber'; place: Place }
  | { code: 'repeatedWard'; place: Place; first: number }
  | { code: 'unknownWard'; place: Place }
  | { code: 'notPolygon'; place: Place }
  | { code: 'noCoordinates'; place: Place }
  | { code: 'noRings'; place: Place }
  | { code: 'notPositionList'; place: Place }
  | { code: 'tooManyRingPositions'; place: Place; count: number; max: number }
  | { code: 'notNumbers'; place: Place }
  | { code: 'outOfRange'; place: Place }
  | { code: 'tooFewPositions'; place: Place; count: number }
  | { code: 'notClosed'; place: Place }
  | { code: 'crossesItself'; place: Place }
  | { code: 'noArea'; place: Place }
  | { code: 'tooManyPositions'; count: number; max: number }
  | { code: 'overlap'; wards: [string, string] }
  | { code: 'missingWards'; wards: string[] }
  | { code: 'gap'; wards: string[]; lat: number; long: number }
  | { code: 'apart'; wards: string[]; lat: number; long: number }
  | { code: 'pinch'; wards: string[]; lat: number; long: number };

export type BoundaryProblemCode = BoundaryProblem['code'];

export class BoundaryError extends Error {
  constructor(readonly problems: BoundaryProblem[]) {
    super(problems[0]?.code);
  }
}

const isPosition = (value: unknown): value is Position =>
  Array.isArray(value) && value.length >= 2 && value.length <= 3 && value.every((n) => typeof n === 'number' && Number.isFinite(n));

/** The ward number a feature names: `ward` (or `ward_number`), a whole number 1–999 given as a number or digits. */
function wardOf(properties: unknown): string | null {
  if (!properties || typeof properties !== 'object') return null;
  const p = properties as Record<string, unknown>;
  const raw = p.ward ?? p.ward_number;
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  return /^[1-9]\d{0,2}$/.test(text) ? text : null;
}

/** A place named in a refusal: five decimals of a degree, about a metre. */
const roundDegrees = (value: number) => Math.round(value * 1e5) / 1e5;

/** Twice the signed area of a ring (shoelace); zero for a ring with no area. */
function doubleArea(ring: readonly Position[]): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) sum += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
  return sum;
}

const cross = (o: Position, a: Position, b: Position) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

/** Whether segments ab and cd cross at a point inside both (touching at an end or running along each other is not crossing). */
function properlyCross(a: Position, b: Position, c: Position, d: Position): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

function onSegment(p: Position, a: Position, b: Position): boolean {
  return cross(a, b, p) === 0 && p[0] >= Math.min(a[0], b[0]) && p[0] <= Math.max(a[0], b[0]) && p[1] >= Math.min(a[1], b[1]) && p[1] <= Math.max(a[1], b[1]);
}

/** Ray casting: 'in', 'out', or 'edge' when the point lies on the ring itself. */
function inRing(point: Position, ring: readonly Position[]): 'in' | 'out' | 'edge' {
  const [x, y] = point;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (onSegment(point, ring[j], ring[i])) return 'edge';
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside ? 'in' : 'out';
}

/** 'in' (inside the outer ring and in no hole), 'edge' (on a ring), or 'out'. */
function inPolygon(point: Position, polygon: Polygon): 'in' | 'out' | 'edge' {
  const outer = inRing(point, polygon[0]);
  if (outer !== 'in') return outer;
  for (const hole of polygon.slice(1)) {
    const h = inRing(point, hole);
    if (h === 'edge') return 'edge';
    if (h === 'in') return 'out';
  }
  return 'in';
}

/** Whether a point is inside a ward's shape or on its edge (a point on a shared edge belongs to both). */
export function shapeContains(shape: WardShape, point: Position): boolean {
  return shape.polygons.some((polygon) => inPolygon(point, polygon) !== 'out');
}

/**
 * The ward of a point: the first shape (in ward order) containing it, or null when it is in none. A point
 * exactly on the line between two wards goes to the lower-numbered one, so the answer never depends on luck.
 */
export function wardAt(shapes: readonly WardShape[], point: Position): string | null {
  const sorted = [...shapes].sort((a, b) => Number(a.ward) - Number(b.ward));
  return sorted.find((shape) => shapeContains(shape, point))?.ward ?? null;
}

function ringProblems(ring: unknown, place: Place): { ring: Position[] | null; problems: BoundaryProblem[] } {
  if (!Array.isArray(ring)) return { ring: null, problems: [{ code: 'notPositionList', place }] };
  if (ring.length > GEOMETRY_LIMITS.positionsPerRing) return { ring: null, problems: [{ code: 'tooManyRingPositions', place, count: ring.length, max: GEOMETRY_LIMITS.positionsPerRing }] };
  if (!ring.every(isPosition)) return { ring: null, problems: [{ code: 'notNumbers', place }] };
  const positions = (ring as number[][]).map((p) => [p[0], p[1]] as Position);
  const problems: BoundaryProblem[] = [];
  if (positions.some(([lon, lat]) => lon < -180 || lon > 180 || lat < -90 || lat > 90)) problems.push({ code: 'outOfRange', place });
  if (positions.length < 4) problems.push({ code: 'tooFewPositions', place, count: positions.length });
  else if (positions[0][0] !== positions.at(-1)![0] || positions[0][1] !== positions.at(-1)![1]) problems.push({ code: 'notClosed', place });
  else if (selfIntersects(positions)) problems.push({ code: 'crossesItself', place });
  else if (doubleArea(positions) === 0) problems.push({ code: 'noArea', place });
  return { ring: problems.length ? null : positions, problems };
}

function selfIntersects(ring: readonly Position[]): boolean {
  const n = ring.length - 1;
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue; // the first and last edges meet at the closing position
      if (properlyCross(ring[i], ring[i + 1], ring[j], ring[j + 1])) return true;
    }
  }
  return false;
}

function polygonOf(coordinates: unknown, place: Place, problems: BoundaryProblem[]): Polygon | null {
  if (!Array.isArray(coordinates) || coordinates.length === 0) {
    problems.push({ code: 'noRings', place });
    return null;
  }
  const rings: Position[][] = [];
  coordinates.forEach((ring, i) => {
    const checked = ringProblems(ring, { ...place, ring: i + 1 });
    problems.push(...checked.problems);
    if (checked.ring) rings.push(checked.ring);
  });
  return rings.length === coordinates.length ? rings : null;
}

type Box = [number, number, number, number];
function boxOf(shape: WardShape): Box {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const polygon of shape.polygons) {
    for (const [x, y] of polygon[0]) {
      box[0] = Math.min(box[0], x);
      box[1] = Math.min(box[1], y);
      box[2] = Math.max(box[2], x);
      box[3] = Math.max(box[3], y);
    }
  }
  return box;
}
const boxesMeet = (a: Box, b: Box) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/** A point inside a polygon's outer ring: the middle of a short diagonal near its first corner, or its corner's neighbourhood. */
function innerPoint(polygon: Polygon): Position | null {
  const ring = polygon[0];
  for (let i = 1; i + 1 < ring.length; i++) {
    const candidate: Position = [(ring[i - 1][0] + ring[i + 1][0]) / 2, (ring[i - 1][1] + ring[i + 1][1]) / 2];
    if (inPolygon(candidate, polygon) === 'in') return candidate;
  }
  return null;
}

/**
 * Whether two wards' shapes share any area. They may touch along an edge or at a corner. They overlap when
 * an edge of one crosses an edge of the other, a corner of one lies strictly inside the other, or a point
 * inside one lies inside the other (which catches the same shape twice, and one ward drawn inside another).
 */
export function shapesOverlap(a: WardShape, b: WardShape): boolean {
  if (!boxesMeet(boxOf(a), boxOf(b))) return false;
  for (const pa of a.polygons) {
    for (const pb of b.polygons) {
      for (const ra of pa) {
        for (let i = 0; i + 1 < ra.length; i++) {
          for (const rb of pb) {
            for (let j = 0; j + 1 < rb.length; j++) if (properlyCross(ra[i], ra[i + 1], rb[j], rb[j + 1])) return true;
          }
        }
      }
      if (pa[0].some((p) => inPolygon(p, pb) === 'in') || pb[0].some((p) => inPolygon(p, pa) === 'in')) return true;
      const ia = innerPoint(pa);
      const ib = innerPoint(pb);
      if ((ia && inPolygon(ia, pb) === 'in') || (ib && inPolygon(ib, pa) === 'in')) return true;
    }
  }
  return false;
}

/** How many problems a refusal lists: enough to mend a file in one go, few enough to read. */
export const MAX_PROBLEMS = 20;

/**
 * Checks parsed GeoJSON as ward boundaries and returns the shapes, or throws BoundaryError listing every
 * problem found (up to MAX_PROBLEMS): a FeatureCollection of Polygon or MultiPolygon features, each naming a
 * ward number that exists (`knownWards`), no ward twice, every ring valid, no two wards overlapping, every
 * known ward given a boundary, and no gap between the wards (ward-gaps.ts).
 */
export function checkWardBoundaries(geojson: unknown, knownWards: readonly string[]): WardShape[] {
  const problems: BoundaryProblem[] = [];
  const fail = () => new BoundaryError(problems.slice(0, MAX_PROBLEMS));
  if (!geojson || typeof geojson !== 'object' || (geojson as { type?: unknown }).type !== 'FeatureCollection' || !Array.isArray((geojson as { features?: unknown }).features)) {
    problems.push({ code: 'notCollection' });
    throw fail();
  }
  const features = (geojson as { features: unknown[] }).features;
  if (features.length === 0) problems.push({ code: 'noFeatures' });
  if (features.length > GEOMETRY_LIMITS.features) {
    problems.push({ code: 'tooManyFeatures', count: features.length, max: GEOMETRY_LIMITS.features });
    throw fail();
  }
  const known = new Set(knownWards);
  const shapes: WardShape[] = [];
  const seen = new Map<string, number>();
  let positions = 0;
  features.forEach((feature, index) => {
    const f = feature as { type?: unknown; properties?: unknown; geometry?: { type?: unknown; coordinates?: unknown } | null };
    if (!f || typeof f !== 'object' || f.type !== 'Feature') return void problems.push({ code: 'notFeature', place: { feature: index + 1 } });
    const ward = wardOf(f.properties);
    if (!ward) return void problems.push({ code: 'noWardNumber', place: { feature: index + 1 } });
    const place: Place = { feature: index + 1, ward };
    if (seen.has(ward)) problems.push({ code: 'repeatedWard', place, first: seen.get(ward)! });
    else seen.set(ward, index + 1);
    if (!known.has(ward)) problems.push({ code: 'unknownWard', place });
    const geometry = f.geometry;
    if (!geometry || (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')) return void problems.push({ code: 'notPolygon', place });
    const parts = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    if (!Array.isArray(parts) || parts.length === 0) return void problems.push({ code: 'noCoordinates', place });
    const polygons: Polygon[] = [];
    parts.forEach((part, i) => {
      const polygon = polygonOf(part, parts.length > 1 ? { ...place, part: i + 1 } : place, problems);
      if (polygon) polygons.push(polygon);
    });
    positions += polygons.flat().reduce((n, ring) => n + ring.length, 0);
    if (polygons.length === parts.length) shapes.push({ ward, polygons });
  });
  if (positions > GEOMETRY_LIMITS.positionsInAll) problems.push({ code: 'tooManyPositions', count: positions, max: GEOMETRY_LIMITS.positionsInAll });
  if (problems.length > 0) throw fail();
  for (let i = 0; i < shapes.length; i++) {
    for (let j = i + 1; j < shapes.length; j++) {
      if (shapesOverlap(shapes[i], shapes[j])) problems.push({ code: 'overlap', wards: [shapes[i].ward, shapes[j].ward] });
    }
  }
  const missing = knownWards.filter((ward) => !seen.has(ward));
  if (missing.length > 0) problems.push({ code: 'missingWards', wards: missing });
  if (problems.length > 0) throw fail();
  // Only once the wards are sound and apart: a missing ward is named as such, not as the gap it leaves.
  for (const gap of gapsBetween(shapes)) {
    problems.push({ code: gap.kind, wards: gap.wards, long: roundDegrees(gap.at[0]), lat: roundDegrees(gap.at[1]) });
  }
  if (problems.length > 0) throw fail();
  return shapes;
}

/** A FeatureCollection of the shapes, as the open data gives them: one feature per ward, numbered in `ward`. */
export function featureCollection(shapes: readonly WardShape[]): object {
  return {
    type: 'FeatureCollection',
    features: [...shapes]
      .sort((a, b) => Number(a.ward) - Number(b.ward))
      .map((shape) => ({
        type: 'Feature',
        properties: { ward: Number(shape.ward) },
        geometry: shape.polygons.length === 1 ? { type: 'Polygon', coordinates: shape.polygons[0] } : { type: 'MultiPolygon', coordinates: shape.polygons },
      })),
  };
}
