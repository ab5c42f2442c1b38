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

/**
 * Every distinct corner, in a grid of square cells about one corner each on average, so that the corners
 * near an edge are found without looking at all of them (a sorted list was quadratic along a long
 * straight boundary, where every corner shares one longitude).
 */
interface CornerGrid {
  cell: number;
  x0: number;
  y0: number;
  cells: Map<string, Position[]>;
}

function cornerGrid(edges: readonly Directed[]): CornerGrid {
  const corners = new Map<string, Position>();
  for (const e of edges) corners.set(keyOf(e.from), e.from);
  const all = [...corners.values()];
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const [x0, y0] = [Math.min(...xs), Math.min(...ys)];
  const area = Math.max((Math.max(...xs) - x0) * (Math.max(...ys) - y0), Number.MIN_VALUE);
  const cell = Math.max(Math.sqrt(area / Math.max(all.length, 1)), 1e-7);
  const cells = new Map<string, Position[]>();
  for (const p of all) {
    const key = `${Math.floor((p[0] - x0) / cell)},${Math.floor((p[1] - y0) / cell)}`;
    const list = cells.get(key);
    if (list) list.push(p);
    else cells.set(key, [p]);
  }
  return { cell, x0, y0, cells };
}

/** The corners in the cells an edge's box (widened by ON_EDGE) touches. */
function* cornersNear(grid: CornerGrid, a: Position, b: Position): Generator<Position> {
  const column = (x: number) => Math.floor((x - grid.x0) / grid.cell);
  const row = (y: number) => Math.floor((y - grid.y0) / grid.cell);
  const [c0, c1] = [column(Math.min(a[0], b[0]) - ON_EDGE), column(Math.max(a[0], b[0]) + ON_EDGE)];
  const [r0, r1] = [row(Math.min(a[1], b[1]) - ON_EDGE), row(Math.max(a[1], b[1]) + ON_EDGE)];
  for (let c = c0; c <= c1; c++) for (let r = r0; r <= r1; r++) yield* grid.cells.get(`${c},${r}`) ?? [];
}

/** An edge cut at every corner lying inside it, in order from its start. */
function splitAtCorners(edge: Directed, grid: CornerGrid): Directed[] {
  const { from: a, to: b } = edge;
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length2 = dx * dx + dy * dy;
  const cuts: [number, Position][] = [];
  for (const p of cornersNear(grid, a, b)) {
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
  const grid = cornerGrid(edges);
  const drawn = new Map<string, Directed[]>();
  for (const edge of edges) {
    for (const piece of splitAtCorners(edge, grid)) {
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
