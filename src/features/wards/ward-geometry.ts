/**
 * Ward boundaries as GeoJSON (RFC 7946): the check an admin's upload must pass, and the point-in-polygon
 * look-up that finds the ward of a point. Pure functions, no libraries: a ray cast per ring, and segment
 * crossing tests for the overlap and self-intersection rules. Coordinates are [longitude, latitude].
 */
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

export class BoundaryError extends Error {
  constructor(readonly problems: string[]) {
    super(problems[0]);
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

function ringProblems(ring: unknown, where: string): { ring: Position[] | null; problems: string[] } {
  if (!Array.isArray(ring)) return { ring: null, problems: [`${where} is not a list of positions.`] };
  if (ring.length > GEOMETRY_LIMITS.positionsPerRing) return { ring: null, problems: [`${where} has ${ring.length} positions; at most ${GEOMETRY_LIMITS.positionsPerRing} are allowed in a ring.`] };
  if (!ring.every(isPosition)) return { ring: null, problems: [`${where} has a position that is not [longitude, latitude] in numbers.`] };
  const positions = (ring as number[][]).map((p) => [p[0], p[1]] as Position);
  const problems: string[] = [];
  if (positions.some(([lon, lat]) => lon < -180 || lon > 180 || lat < -90 || lat > 90)) problems.push(`${where} has a position outside longitude −180…180 or latitude −90…90 (GeoJSON is [longitude, latitude]).`);
  if (positions.length < 4) problems.push(`${where} has ${positions.length} positions; a ring needs at least 4 (the first repeated last).`);
  else if (positions[0][0] !== positions.at(-1)![0] || positions[0][1] !== positions.at(-1)![1]) problems.push(`${where} is not closed: its last position must repeat its first.`);
  else if (selfIntersects(positions)) problems.push(`${where} crosses itself.`);
  else if (doubleArea(positions) === 0) problems.push(`${where} encloses no area.`);
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

function polygonOf(coordinates: unknown, where: string, problems: string[]): Polygon | null {
  if (!Array.isArray(coordinates) || coordinates.length === 0) {
    problems.push(`${where} has no rings.`);
    return null;
  }
  const rings: Position[][] = [];
  coordinates.forEach((ring, i) => {
    const checked = ringProblems(ring, `${where}, ring ${i + 1}`);
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

/**
 * Checks parsed GeoJSON as ward boundaries and returns the shapes, or throws BoundaryError listing every
 * problem found (up to 20): a FeatureCollection of Polygon or MultiPolygon features, each naming a ward
 * number that exists (`knownWards`), no ward twice, every ring valid, no two wards overlapping, and every
 * known ward given a boundary.
 */
export function checkWardBoundaries(geojson: unknown, knownWards: readonly string[]): WardShape[] {
  const problems: string[] = [];
  const fail = () => new BoundaryError(problems.slice(0, 20));
  if (!geojson || typeof geojson !== 'object' || (geojson as { type?: unknown }).type !== 'FeatureCollection' || !Array.isArray((geojson as { features?: unknown }).features)) {
    problems.push('The file is not a GeoJSON FeatureCollection (an object with "type": "FeatureCollection" and a "features" list).');
    throw fail();
  }
  const features = (geojson as { features: unknown[] }).features;
  if (features.length === 0) problems.push('The FeatureCollection has no features.');
  if (features.length > GEOMETRY_LIMITS.features) {
    problems.push(`The file has ${features.length} features; at most ${GEOMETRY_LIMITS.features} are allowed.`);
    throw fail();
  }
  const known = new Set(knownWards);
  const shapes: WardShape[] = [];
  const seen = new Map<string, number>();
  let positions = 0;
  features.forEach((feature, index) => {
    const where = `Feature ${index + 1}`;
    const f = feature as { type?: unknown; properties?: unknown; geometry?: { type?: unknown; coordinates?: unknown } | null };
    if (!f || typeof f !== 'object' || f.type !== 'Feature') return void problems.push(`${where} is not a GeoJSON Feature.`);
    const ward = wardOf(f.properties);
    if (!ward) return void problems.push(`${where} has no ward number: give it a "ward" property (1, 2, …).`);
    const label = `${where} (ward ${ward})`;
    if (seen.has(ward)) problems.push(`${label} repeats ward ${ward}, already given by feature ${seen.get(ward)}.`);
    else seen.set(ward, index + 1);
    if (!known.has(ward)) problems.push(`${label} names a ward the council does not have.`);
    const geometry = f.geometry;
    if (!geometry || (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')) return void problems.push(`${label} is not a Polygon or MultiPolygon.`);
    const parts = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    if (!Array.isArray(parts) || parts.length === 0) return void problems.push(`${label} has no coordinates.`);
    const polygons: Polygon[] = [];
    parts.forEach((part, i) => {
      const polygon = polygonOf(part, parts.length > 1 ? `${label}, part ${i + 1}` : label, problems);
      if (polygon) polygons.push(polygon);
    });
    positions += polygons.flat().reduce((n, ring) => n + ring.length, 0);
    if (polygons.length === parts.length) shapes.push({ ward, polygons });
  });
  if (positions > GEOMETRY_LIMITS.positionsInAll) problems.push(`The file has ${positions} positions; at most ${GEOMETRY_LIMITS.positionsInAll} are allowed.`);
  if (problems.length > 0) throw fail();
  for (let i = 0; i < shapes.length; i++) {
    for (let j = i + 1; j < shapes.length; j++) {
      if (shapesOverlap(shapes[i], shapes[j])) problems.push(`Wards ${shapes[i].ward} and ${shapes[j].ward} overlap; wards may share an edge but not area.`);
    }
  }
  const missing = knownWards.filter((ward) => !seen.has(ward));
  if (missing.length > 0) problems.push(`No boundary is given for ward${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: every ward needs one.`);
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
