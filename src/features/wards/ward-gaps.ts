import type { Position, WardShape } from './ward-geometry';

/**
 * The gap check: that the wards cover the town with no hole between them. Without an outline of the town,
 * "the town" is the union of the wards, and a gap is a place inside that union belonging to no ward (a ward
 * left out of the middle, a hole in a ward that no other ward fills, a sliver where two wards' edges do not
 * meet). A notch in the town's outer edge cannot be told from the town's own shape, so it is not a gap.
 *
 * The method looks at the union's boundary only, with exact bookkeeping instead of areas:
 * 1. Every ring is turned so that its ward lies on its left (outer rings anticlockwise, holes clockwise).
 * 2. Every edge is split at every vertex of any ring lying on it (a T-junction, where one ward's corner sits
 *    in the middle of its neighbour's edge), so that shared stretches become identical segments.
 * 3. A segment drawn by two rings (in opposite directions: the wards on its two sides) is inside the union.
 *    A segment drawn once is on the union's boundary, with the union on its left.
 * 4. Those boundary segments, followed head to tail, form closed loops. The town's outer edge is one
 *    anticlockwise loop. A clockwise loop encloses a place no ward covers: a gap. A second anticlockwise loop
 *    is a part of the town apart from the rest (two wards separated by a sliver, or an island). A corner where
 *    the boundary meets itself (two segments leave one point) is a gap closed down to a point, or two parts
 *    touching at a corner: refused as well, with where.
 * The overlap check runs first: with no overlaps, no segment can be drawn more than twice.
 */

export interface Gap {
  kind: 'gap' | 'apart' | 'pinch';
  /** The wards whose edges border the place, in number order. */
  wards: string[];
  /** Roughly where it is: the mean of its loop's corners, [longitude, latitude]. */
  at: Position;
}

/** How far (in degrees, about 0.1 mm) a corner may lie from an edge and still count as on it: floating point's rounding, no more. */
const ON_EDGE = 1e-9;

interface Directed {
  from: Position;
  to: Position;
  ward: string;
}

const keyOf = (p: Position) => `${p[0]},${p[1]}`;

function twiceArea(ring: readonly Position[]): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) sum += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
  return sum;
}

/** Every ring's edges, turned so that the ward is on their left. */
function directedEdges(shapes: readonly WardShape[]): Directed[] {
  const edges: Directed[] = [];
  for (const shape of shapes) {
    for (const polygon of shape.polygons) {
      polygon.forEach((ring, i) => {
        const anticlockwise = twiceArea(ring) > 0;
        const turned = anticlockwise === (i === 0) ? ring : [...ring].reverse();
        for (let j = 0; j + 1 < turned.length; j++) edges.push({ from: turned[j], to: turned[j + 1], ward: shape.ward });
      });
    }
  }
  return edges;
}

/** Every distinct corner, sorted by longitude, for finding the corners that lie on an edge. */
function cornerIndex(edges: readonly Directed[]): Position[] {
  const corners = new Map<string, Position>();
  for (const e of edges) corners.set(keyOf(e.from), e.from);
  return [...corners.values()].sort((a, b) => a[0] - b[0]);
}

function firstAtOrAfter(corners: readonly Position[], x: number): number {
  let lo = 0;
  let hi = corners.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (corners[mid][0] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** An edge cut at every corner lying inside it, in order from its start. */
function splitAtCorners(edge: Directed, corners: readonly Position[]): Directed[] {
  const { from: a, to: b } = edge;
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length2 = dx * dx + dy * dy;
  const [minY, maxY] = [Math.min(a[1], b[1]) - ON_EDGE, Math.max(a[1], b[1]) + ON_EDGE];
  const maxX = Math.max(a[0], b[0]) + ON_EDGE;
  const cuts: [number, Position][] = [];
  for (let i = firstAtOrAfter(corners, Math.min(a[0], b[0]) - ON_EDGE); i < corners.length && corners[i][0] <= maxX; i++) {
    const p = corners[i];
    if (p[1] < minY || p[1] > maxY) continue;
    const t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2;
    if (t <= 0 || t >= 1) continue;
    const offLine = Math.abs(dx * (p[1] - a[1]) - dy * (p[0] - a[0])) / Math.sqrt(length2);
    if (offLine <= ON_EDGE) cuts.push([t, p]);
  }
  if (cuts.length === 0) return [edge];
  cuts.sort((x, y) => x[0] - y[0]);
  const points = [a, ...cuts.map(([, p]) => p), b];
  return points.slice(1).map((to, i) => ({ from: points[i], to, ward: edge.ward }));
}

/** The union's boundary: the pieces drawn by one ring only, each with the union on its left. */
function boundaryPieces(shapes: readonly WardShape[]): Directed[] {
  const edges = directedEdges(shapes);
  const corners = cornerIndex(edges);
  const drawn = new Map<string, Directed[]>();
  for (const edge of edges) {
    for (const piece of splitAtCorners(edge, corners)) {
      const [k1, k2] = [keyOf(piece.from), keyOf(piece.to)];
      if (k1 === k2) continue;
      const key = k1 < k2 ? `${k1}|${k2}` : `${k2}|${k1}`;
      const list = drawn.get(key);
      if (list) list.push(piece);
      else drawn.set(key, [piece]);
    }
  }
  return [...drawn.values()].filter((list) => list.length === 1).map((list) => list[0]);
}

const byNumber = (wards: Iterable<string>) => [...new Set(wards)].sort((a, b) => Number(a) - Number(b));
const meanOf = (points: readonly Position[]): Position => [points.reduce((s, p) => s + p[0], 0) / points.length, points.reduce((s, p) => s + p[1], 0) / points.length];

/** The places the wards leave uncovered inside the town, and parts apart from the rest; none when the wards form one area without holes. */
export function gapsBetween(shapes: readonly WardShape[]): Gap[] {
  const pieces = boundaryPieces(shapes);
  const leaving = new Map<string, Directed[]>();
  for (const piece of pieces) {
    const key = keyOf(piece.from);
    leaving.set(key, [...(leaving.get(key) ?? []), piece]);
  }
  // A point the boundary passes through twice: the loops cannot be told apart there, so it is named itself.
  const pinches = [...leaving.values()].filter((out) => out.length > 1);
  if (pinches.length > 0) {
    return pinches.map((out) => {
      const here = out[0].from;
      const wards = pieces.filter((p) => keyOf(p.from) === keyOf(here) || keyOf(p.to) === keyOf(here)).map((p) => p.ward);
      return { kind: 'pinch', wards: byNumber(wards), at: here };
    });
  }
  const loops: { area: number; wards: string[]; at: Position }[] = [];
  const used = new Set<Directed>();
  for (const start of pieces) {
    if (used.has(start)) continue;
    const ring: Position[] = [start.from];
    const wards: string[] = [];
    let piece: Directed | undefined = start;
    while (piece && !used.has(piece)) {
      used.add(piece);
      wards.push(piece.ward);
      ring.push(piece.to);
      piece = leaving.get(keyOf(piece.to))?.[0];
    }
    loops.push({ area: twiceArea(ring), wards: byNumber(wards), at: meanOf(ring.slice(1)) });
  }
  const outer = loops.filter((l) => l.area > 0).sort((a, b) => b.area - a.area);
  return [
    ...loops.filter((l) => l.area < 0).map((l): Gap => ({ kind: 'gap', wards: l.wards, at: l.at })),
    ...outer.slice(1).map((l): Gap => ({ kind: 'apart', wards: l.wards, at: l.at })),
  ];
}
