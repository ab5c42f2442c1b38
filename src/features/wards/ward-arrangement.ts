import Flatbush from 'flatbush';
import type { Place, Position } from './ward-geometry';
import { Pace, type Budget, type Steps } from './check-steps';
import { WardIndex } from './ward-index';

/**
 * The wards' edges laid out together, for the rules between rings: that no ring crosses itself, that no two
 * wards share area, and (ward-gaps.ts) that they leave no gap. Every edge goes into a spatial index
 * (Flatbush), so each edge is compared only with the edges and corners near it, never with all of them:
 * the work grows with the number of edges and what lies close to each, not with its square. What the
 * indexes would hand out is counted first, and a file over the budget is refused before any test is made.
 *
 * Rings arrive turned as stored (ward-geometry.ts: outer rings anticlockwise, holes clockwise), so every
 * edge has its ward on its left. Edges are cut at every corner of any ring lying on them (a T-junction,
 * where one ward's corner sits in the middle of its neighbour's edge), so that shared stretches become
 * identical pieces. Then two wards share area exactly when:
 * 1. an edge of one crosses an edge of the other at a point inside both;
 * 2. a piece is drawn by both in the same direction (the same edge with both wards on its one side);
 * 3. at a corner where both meet, a piece of one leaves into the inside of the other (told from the order of
 *    the pieces around the corner, with no arithmetic beyond their angles); or
 * 4. a ring that touches no other ward lies inside one (one corner of it looked up in the point index).
 * A piece of ward A inside ward B either reaches B's edge somewhere, which is a corner of 3, or never does,
 * and then its whole ring is inside B: 4.
 */

/** How far (in degrees, about 0.1 mm) a corner may lie from an edge and still count as on it: floating point's rounding, no more. */
export const ON_EDGE = 1e-9;

export interface RingEntry {
  /** The ward's index among the shapes. */
  shape: number;
  ring: readonly Position[];
  place: Place;
}

/** An edge or a part of one, from corner to corner (their numbers in the layout), with its ward on its left. */
export interface Piece {
  from: number;
  to: number;
  shape: number;
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

/** Every distinct corner numbered once, and every edge as the numbers of its two corners. */
export interface Layout {
  rings: readonly RingEntry[];
  corners: Position[];
  /** Each ring's first edge; its edges follow in order, one fewer than its positions. */
  ringStart: Uint32Array;
  edgeRing: Uint32Array;
  edgeFrom: Uint32Array;
  edgeTo: Uint32Array;
  edges: Flatbush;
  cornerIndex: Flatbush;
}

function box(a: Position, b: Position, margin = 0): [number, number, number, number] {
  return [Math.min(a[0], b[0]) - margin, Math.min(a[1], b[1]) - margin, Math.max(a[0], b[0]) + margin, Math.max(a[1], b[1]) + margin];
}

/** Indexes every edge and every distinct corner. */
export function layOut(rings: readonly RingEntry[]): Layout {
  const count = rings.reduce((n, r) => n + r.ring.length - 1, 0);
  const numbers = new Map<string, number>();
  const corners: Position[] = [];
  const numberOf = (p: Position) => {
    const key = `${p[0]},${p[1]}`;
    let n = numbers.get(key);
    if (n === undefined) {
      n = corners.length;
      numbers.set(key, n);
      corners.push(p);
    }
    return n;
  };
  const [ringStart, edgeRing, edgeFrom, edgeTo] = [new Uint32Array(rings.length), new Uint32Array(count), new Uint32Array(count), new Uint32Array(count)];
  const edges = new Flatbush(Math.max(count, 1));
  let e = 0;
  rings.forEach(({ ring }, r) => {
    ringStart[r] = e;
    let from = numberOf(ring[0]);
    for (let i = 1; i < ring.length; i++, e++) {
      const to = numberOf(ring[i]);
      [edgeRing[e], edgeFrom[e], edgeTo[e]] = [r, from, to];
      edges.add(...box(ring[i - 1], ring[i]));
      from = to;
    }
  });
  if (count === 0) edges.add(0, 0, 0, 0);
  edges.finish();
  const cornerIndex = new Flatbush(Math.max(corners.length, 1));
  for (const [x, y] of corners) cornerIndex.add(x, y, x, y);
  if (corners.length === 0) cornerIndex.add(0, 0, 0, 0);
  cornerIndex.finish();
  return { rings, corners, ringStart, edgeRing, edgeFrom, edgeTo, edges, cornerIndex };
}

/**
 * The cost, before the work: how many edges and corners the indexes would hand out for all edges together.
 * Refused (OverBudget, from the budget) as soon as the count passes what the budget allows.
 */
export function* countWork(layout: Layout, budget: Budget): Steps<void> {
  const pace = new Pace();
  const { corners, edgeFrom, edgeTo } = layout;
  let found = 0;
  const count = () => {
    found++;
    return false;
  };
  for (let e = 0; e < edgeFrom.length; e++) {
    const [a, b] = [corners[edgeFrom[e]], corners[edgeTo[e]]];
    layout.edges.search(...box(a, b), count);
    layout.cornerIndex.search(...box(a, b, ON_EDGE), count);
    budget.spend(found + 2);
    if (pace.tick(found + 2)) yield;
    found = 0;
  }
}

export interface Crossings {
  /** Rings (their indexes in the layout) that cross themselves. */
  selfCrossing: Set<number>;
  /** Pairs of wards whose edges cross, as "i,j" of their indexes with i < j. */
  overlaps: Set<string>;
}

const pairKey = (a: number, b: number) => (a < b ? `${a},${b}` : `${b},${a}`);

/** Rule 1, and a ring crossing itself: every edge against the edges whose boxes meet its own. */
export function* findCrossings(layout: Layout): Steps<Crossings> {
  const pace = new Pace();
  const { rings, corners, edgeRing, edgeFrom, edgeTo } = layout;
  const found: Crossings = { selfCrossing: new Set(), overlaps: new Set() };
  for (let i = 0; i < edgeFrom.length; i++) {
    const [a, b] = [corners[edgeFrom[i]], corners[edgeTo[i]]];
    const near = layout.edges.search(...box(a, b));
    for (const j of near) {
      if (j <= i) continue;
      const [ri, rj] = [edgeRing[i], edgeRing[j]];
      const [si, sj] = [rings[ri].shape, rings[rj].shape];
      // One ward's own rings (a hole, another part) are held to no rule between them here, as before.
      if (si === sj && ri !== rj) continue;
      if (!properlyCross(a, b, corners[edgeFrom[j]], corners[edgeTo[j]])) continue;
      if (ri === rj) found.selfCrossing.add(ri);
      else found.overlaps.add(pairKey(si, sj));
    }
    if (pace.tick(near.length + 1)) yield;
  }
  return found;
}

/** Every edge cut at every corner lying inside it, in order from its start. */
export function* cutAtCorners(layout: Layout): Steps<Piece[]> {
  const pace = new Pace();
  const pieces: Piece[] = [];
  const { edgeFrom, edgeTo, edgeRing, rings, corners } = layout;
  for (let e = 0; e < edgeFrom.length; e++) {
    const [a, b] = [corners[edgeFrom[e]], corners[edgeTo[e]]];
    const shape = rings[edgeRing[e]].shape;
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const length2 = dx * dx + dy * dy;
    const near = layout.cornerIndex.search(...box(a, b, ON_EDGE));
    const cuts: [number, number][] = [];
    for (const c of near) {
      const p = corners[c];
      const t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2;
      if (t <= 0 || t >= 1) continue;
      const offLine = Math.abs(dx * (p[1] - a[1]) - dy * (p[0] - a[0])) / Math.sqrt(length2);
      if (offLine <= ON_EDGE) cuts.push([t, c]);
    }
    if (cuts.length === 0) {
      if (edgeFrom[e] !== edgeTo[e]) pieces.push({ from: edgeFrom[e], to: edgeTo[e], shape });
    } else {
      cuts.sort((x, y) => x[0] - y[0]);
      const points = [edgeFrom[e], ...cuts.map(([, c]) => c), edgeTo[e]];
      for (let i = 1; i < points.length; i++) if (points[i - 1] !== points[i]) pieces.push({ from: points[i - 1], to: points[i], shape });
    }
    if (pace.tick(near.length + 1)) yield;
  }
  return pieces;
}

interface Ray {
  angle: number;
  /** True when the piece leaves the corner, false when it arrives there. */
  out: boolean;
  shape: number;
  /** The piece's other end. */
  toward: number;
}

/**
 * Rules 2, 3 and 4, on the cut pieces; answers the overlapping pairs (as "i,j") and the pieces drawn once,
 * which are the edge of the wards' union, with the union on their left (ward-gaps.ts follows them).
 */
export function* findSharedArea(pieces: readonly Piece[], layout: Layout, index: WardIndex, budget: Budget): Steps<{ overlaps: Set<string>; boundary: Piece[] }> {
  const pace = new Pace();
  const overlaps = new Set<string>();
  const { corners } = layout;
  // The pieces in order of the corners they join (either way round): a piece drawn twice lies next to its twin.
  const m = corners.length;
  const joins = pieces.map((p) => Math.min(p.from, p.to) * m + Math.max(p.from, p.to));
  const order = [...pieces.keys()].sort((a, b) => joins[a] - joins[b]);
  const boundary: Piece[] = [];
  for (let start = 0; start < order.length; ) {
    let end = start + 1;
    while (end < order.length && joins[order[end]] === joins[order[start]]) end++;
    if (end - start === 1) boundary.push(pieces[order[start]]);
    budget.spend((end - start) ** 2);
    // Rule 2: the same piece with both wards on one side of it.
    for (let i = start; i < end; i++) {
      for (let j = i + 1; j < end; j++) {
        const [p, q] = [pieces[order[i]], pieces[order[j]]];
        if (p.shape !== q.shape && p.from === q.from) overlaps.add(pairKey(p.shape, q.shape));
      }
    }
    if (pace.tick(end - start)) yield;
    start = end;
  }

  // Rule 3: around each corner where two or more wards meet. The pieces' ends, grouped by corner.
  const first = new Uint32Array(m + 1);
  for (const p of pieces) {
    first[p.from + 1]++;
    first[p.to + 1]++;
  }
  for (let c = 0; c < m; c++) first[c + 1] += first[c];
  const filled = first.slice(0, m);
  const ends = new Int32Array(2 * pieces.length);
  pieces.forEach((p, i) => {
    ends[filled[p.from]++] = i + 1;
    ends[filled[p.to]++] = -(i + 1);
  });
  const shared = new Uint8Array(m);
  for (let c = 0; c < m; c++) {
    const [from, to] = [first[c], first[c + 1]];
    const firstShape = pieces[Math.abs(ends[from]) - 1]?.shape;
    let several = false;
    for (let k = from; k < to && !several; k++) several = pieces[Math.abs(ends[k]) - 1].shape !== firstShape;
    if (!several) continue;
    shared[c] = 1;
    const at = corners[c];
    const rays: Ray[] = [];
    for (let k = from; k < to; k++) {
      const piece = pieces[Math.abs(ends[k]) - 1];
      const out = ends[k] > 0;
      const toward = out ? piece.to : piece.from;
      rays.push({ angle: Math.atan2(corners[toward][1] - at[1], corners[toward][0] - at[0]), out, shape: piece.shape, toward });
    }
    const wards = new Set(rays.map((r) => r.shape));
    budget.spend(rays.length * rays.length);
    rays.sort((a, b) => a.angle - b.angle);
    for (const ray of rays) {
      for (const other of wards) {
        if (other === ray.shape || rays.some((r) => r.shape === other && r.toward === ray.toward)) continue;
        if (insideAt(rays, ray, other)) overlaps.add(pairKey(ray.shape, other));
      }
    }
    if (pace.tick(rays.length * rays.length)) yield;
  }

  // Rule 4: a ring that meets no other ward anywhere, looked up by one of its corners.
  for (let r = 0; r < layout.rings.length; r++) {
    const { ring, shape } = layout.rings[r];
    let free = -1;
    for (let e = layout.ringStart[r]; e < layout.ringStart[r] + ring.length - 1 && free < 0; e++) if (!shared[layout.edgeFrom[e]]) free = layout.edgeFrom[e];
    if (free < 0) continue;
    const place = index.place(corners[free]);
    budget.spend(place.looked + 1);
    for (const other of place.inside) if (other !== shape) overlaps.add(pairKey(shape, other));
    if (pace.tick(place.looked + 1)) yield;
  }
  return { overlaps, boundary };
}

/**
 * Whether `ray` leaves the corner into the inside of ward `other`: the other ward's nearest piece clockwise
 * from it leaves the corner (its ward lies on its left, which is where the ray points) rather than arriving.
 */
function insideAt(sorted: readonly Ray[], ray: Ray, other: number): boolean {
  const at = sorted.indexOf(ray);
  for (let step = 1; step <= sorted.length; step++) {
    const candidate = sorted[(at - step + sorted.length) % sorted.length];
    if (candidate.shape === other && candidate.angle !== ray.angle) return candidate.out;
  }
  return false;
}

/** The pairs found, in the order of the file's features, as the shapes' indexes. */
export const pairsInOrder = (pairs: Iterable<string>): [number, number][] =>
  [...new Set(pairs)].map((p) => p.split(',').map(Number) as [number, number]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);

