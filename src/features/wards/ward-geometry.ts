/**
 * Ward boundaries as GeoJSON (RFC 7946): the check an admin's upload must pass, and the look-up that finds
 * the ward of a point. The file's own form is checked here; the rules between rings (crossing, shared area,
 * gaps) through spatial indexes in ward-arrangement.ts and ward-gaps.ts, within a budget of work, as steps
 * that the server runs in slices (check-steps.ts). Coordinates are [longitude, latitude]; rings are kept as
 * RFC 7946 asks, outer rings anticlockwise and holes clockwise, whichever way the file drew them.
 */
import type { BoundaryProblem, BoundaryProblemCode, Place } from '../../lib/ward-problems';
import { Budget, OverBudget, runInSlices, runToEnd, type Steps } from './check-steps';
import { countWork, cutAtCorners, findCrossings, findSharedArea, layOut, pairsInOrder, type RingEntry } from './ward-arrangement';
import { findGaps, NARROW_STRIP_METRES, type Gap } from './ward-gaps';
import { WardIndex } from './ward-index';

export type Position = [number, number];
/** Rings of one polygon: the outer ring first, then its holes; each ring closed (first = last). */
export type Polygon = Position[][];

export interface WardShape {
  ward: string;
  /** One or more polygons (a MultiPolygon's parts). */
  polygons: Polygon[];
}

/**
 * Limits that keep the check's work bounded: the file's size, and `work`, the most candidates the spatial
 * indexes may hand out (edges and corners near each edge, edges met by a look-up's ray), counted before the
 * tests are made. A real town's 50,000 positions need a few hundred thousand; shapes drawn to defeat the
 * indexes (every edge's box over every other) are refused instead of checked for minutes.
 */
export const GEOMETRY_LIMITS = { features: 200, positionsPerRing: 5_000, positionsInAll: 50_000, work: 3_000_000 } as const;

export type { BoundaryProblem, BoundaryProblemCode, Place };

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

/** Twice the signed area of a ring (shoelace): positive when it runs anticlockwise, zero for a ring with no area. */
function doubleArea(ring: readonly Position[]): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) sum += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
  return sum;
}

/** A ring turned to the right-hand rule of RFC 7946: an outer ring anticlockwise, a hole clockwise. */
function wound(ring: Position[], outer: boolean): Position[] {
  return doubleArea(ring) > 0 === outer ? ring : [...ring].reverse();
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
  // A ring without area is named once the crossing test has run: a ring crossing itself is named for that.
  return { ring: problems.length ? null : positions, problems };
}

function polygonOf(coordinates: unknown, place: Place, problems: BoundaryProblem[], places: Place[]): Polygon | null {
  if (!Array.isArray(coordinates) || coordinates.length === 0) {
    problems.push({ code: 'noRings', place });
    return null;
  }
  const rings: Position[][] = [];
  coordinates.forEach((ring, i) => {
    const checked = ringProblems(ring, { ...place, ring: i + 1 });
    problems.push(...checked.problems);
    if (checked.ring) {
      rings.push(wound(checked.ring, i === 0));
      places.push({ ...place, ring: i + 1 });
    }
  });
  return rings.length === coordinates.length ? rings : null;
}

/** How many problems a refusal lists: enough to mend a file in one go, few enough to read. */
export const MAX_PROBLEMS = 20;

/**
 * The check as steps (check-steps.ts): parsed GeoJSON checked as ward boundaries, answering the shapes
 * (rings turned to the right-hand rule), or throwing BoundaryError listing every problem found (up to
 * MAX_PROBLEMS): a FeatureCollection of Polygon or MultiPolygon features, each naming a ward number that
 * exists (`knownWards`), no ward twice, every ring valid and not crossing itself, no two wards overlapping,
 * every known ward given a boundary, and no gap between the wards (ward-gaps.ts); all within the budget.
 */
function* checkSteps(geojson: unknown, knownWards: readonly string[]): Steps<WardShape[]> {
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
  const rings: RingEntry[] = [];
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
    const places: Place[] = [];
    parts.forEach((part, i) => {
      const polygon = polygonOf(part, parts.length > 1 ? { ...place, part: i + 1 } : place, problems, places);
      if (polygon) polygons.push(polygon);
    });
    positions += polygons.flat().reduce((n, ring) => n + ring.length, 0);
    if (polygons.length !== parts.length) return;
    polygons.flat().forEach((ring, i) => rings.push({ shape: shapes.length, ring, place: places[i] }));
    shapes.push({ ward, polygons });
  });
  if (positions > GEOMETRY_LIMITS.positionsInAll) problems.push({ code: 'tooManyPositions', count: positions, max: GEOMETRY_LIMITS.positionsInAll });
  if (problems.length > 0) throw fail();

  const budget = new Budget(GEOMETRY_LIMITS.work);
  try {
    const layout = layOut(rings);
    yield* countWork(layout, budget);
    const crossings = yield* findCrossings(layout);
    rings.forEach(({ ring, place }, r) => {
      if (crossings.selfCrossing.has(r)) problems.push({ code: 'crossesItself', place });
      else if (doubleArea(ring) === 0) problems.push({ code: 'noArea', place });
    });
    if (problems.length > 0) throw fail();
    const index = new WardIndex(shapes);
    const shared = yield* findSharedArea(yield* cutAtCorners(layout), layout, index, budget);
    for (const [i, j] of pairsInOrder([...crossings.overlaps, ...shared.overlaps])) problems.push({ code: 'overlap', wards: [shapes[i].ward, shapes[j].ward] });
    const missing = knownWards.filter((ward) => !seen.has(ward));
    if (missing.length > 0) problems.push({ code: 'missingWards', wards: missing });
    if (problems.length > 0) throw fail();
    // Only once the wards are sound and apart: a missing ward is named as such, not as the gap it leaves.
    for (const gap of yield* findGaps(shared.boundary, layout.corners, (shape) => shapes[shape].ward, index, budget)) problems.push(gapProblem(gap));
  } catch (err) {
    if (err instanceof OverBudget) throw new BoundaryError([{ code: 'tooIntricate', max: err.max }]);
    throw err;
  }
  if (problems.length > 0) throw fail();
  return shapes;
}

function gapProblem(gap: Gap): BoundaryProblem {
  const [long, lat] = [roundDegrees(gap.at[0]), roundDegrees(gap.at[1])];
  if (gap.kind === 'strip') return { code: 'strip', wards: gap.wards, long, lat, width: Math.round(gap.width!), max: NARROW_STRIP_METRES };
  return { code: gap.kind, wards: gap.wards, long, lat };
}

/** The check run to its end at once: for tests and scripts, where nothing else waits on the thread. */
export function checkWardBoundaries(geojson: unknown, knownWards: readonly string[]): WardShape[] {
  return runToEnd(checkSteps(geojson, knownWards));
}

/** The check as the server runs it: in slices of a few milliseconds, answering other requests between them. */
export function checkWardBoundariesInSlices(geojson: unknown, knownWards: readonly string[]): Promise<WardShape[]> {
  return runInSlices(checkSteps(geojson, knownWards));
}

/** The places two or more shapes leave uncovered (the gap rule alone, on shapes already sound). */
export function gapsBetween(shapes: readonly WardShape[]): Gap[] {
  const budget = new Budget(Number.POSITIVE_INFINITY);
  const rings = shapes.flatMap((shape, i) => shape.polygons.flatMap((polygon) => polygon.map((ring, r) => ({ shape: i, ring: wound(ring, r === 0), place: { feature: i + 1 } }))));
  const layout = layOut(rings);
  const index = new WardIndex(shapes);
  const { boundary } = runToEnd(findSharedArea(runToEnd(cutAtCorners(layout)), layout, index, budget));
  return runToEnd(findGaps(boundary, layout.corners, (shape) => shapes[shape].ward, index, budget));
}

/** Whether two wards' shapes share any area (they may touch along an edge or at a corner). */
export function shapesOverlap(a: WardShape, b: WardShape): boolean {
  try {
    checkWardBoundaries(featureCollection([{ ...a, ward: '1' }, { ...b, ward: '2' }]), ['1', '2']);
  } catch (err) {
    if (err instanceof BoundaryError) return err.problems.some((p) => p.code === 'overlap');
    throw err;
  }
  return false;
}

/** The ward of a point among the shapes: see WardIndex.wardAt (a point on a shared edge goes to the lower number). */
export const wardAt = (shapes: readonly WardShape[], point: Position): string | null => new WardIndex(shapes).wardAt(point);

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
