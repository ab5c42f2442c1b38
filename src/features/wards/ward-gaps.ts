import Flatbush from 'flatbush';
import type { Position } from './ward-geometry';
import type { Piece } from './ward-arrangement';
import { Pace, type Budget, type Steps } from './check-steps';
import type { WardIndex } from './ward-index';

/**
 * The gap check: that the wards cover the town with no hole between them. Without an outline of the town,
 * "the town" is the union of the wards, and a gap is a place inside that union belonging to no ward (a ward
 * left out of the middle, a hole in a ward that no other ward fills, a sliver where two wards' edges do not
 * meet). A notch in the town's outer edge cannot be told from the town's own shape, so it is not a gap.
 *
 * The method looks at the union's boundary only, with exact bookkeeping instead of areas:
 * 1-3. ward-arrangement.ts turns every ring so that its ward lies on its left and cuts every edge at the
 *    corners lying on it; a piece drawn by two rings (in opposite directions: the wards on its two sides) is
 *    inside the union, a piece drawn once is on the union's boundary, with the union on its left.
 * 4. Those boundary pieces, followed head to tail, form closed loops. The town's outer edge is one
 *    anticlockwise loop. A clockwise loop encloses a place no ward covers: a gap. A second anticlockwise loop
 *    is a part of the town apart from the rest (two wards separated by a sliver, or an island). A corner where
 *    the boundary meets itself (two segments leave one point) is a gap closed down to a point, or two parts
 *    touching at a corner: refused as well, with where.
 * 5. A notch cut into the town's outer edge between two wards is a gap too when it is narrow
 *    (NARROW_STRIP_METRES): two stretches of the edge, of different wards, that face each other across a
 *    strip in no ward narrower than that, while the way round the edge from one to the other is much longer
 *    (so that a corner of the town's outline, where two wards meet at an angle, is not taken for one).
 *    Wider notches stay the town's own shape. Each stretch looks only at the stretches near it (an index).
 * The overlap check runs first: with no overlaps, no piece can be drawn more than twice.
 */

export interface Gap {
  kind: 'gap' | 'apart' | 'pinch' | 'strip';
  /** The wards whose edges border the place, in number order. */
  wards: string[];
  /** Roughly where it is, [longitude, latitude]: the mean of its loop's corners, or the middle of a strip. */
  at: Position;
  /** A strip's width, in metres. */
  width?: number;
}

/** A strip in no ward between two wards, narrower than this, is a gap: wider, it is the town's own shape. */
export const NARROW_STRIP_METRES = 100;
/** How much longer the way round the edge must be than the way across, for two stretches to face each other. */
const FACING = 2;

const byNumber = (wards: Iterable<string>) => [...new Set(wards)].sort((a, b) => Number(a) - Number(b));
const meanOf = (points: readonly Position[]): Position => [points.reduce((s, p) => s + p[0], 0) / points.length, points.reduce((s, p) => s + p[1], 0) / points.length];

function twiceArea(ring: readonly Position[]): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) sum += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
  return sum;
}

/**
 * The places the wards leave uncovered, from the pieces of the union's edge (ward-arrangement.ts): holes,
 * parts apart from the rest, corners where the edge touches itself, then narrow strips. None when the wards
 * form one area without holes.
 */
export function* findGaps(boundary: readonly Piece[], corners: readonly Position[], wardOf: (shape: number) => string, index: WardIndex, budget: Budget): Steps<Gap[]> {
  const pace = new Pace();
  const leaving = new Map<number, Piece[]>();
  for (const piece of boundary) {
    const key = piece.from;
    const list = leaving.get(key);
    if (list) list.push(piece);
    else leaving.set(key, [piece]);
    if (pace.tick()) yield;
  }
  // A point the boundary passes through twice: the loops cannot be told apart there, so it is named itself.
  const pinches = [...leaving.entries()].filter(([, out]) => out.length > 1);
  if (pinches.length > 0) {
    const touching = new Map<number, number[]>();
    for (const p of boundary) for (const key of [p.from, p.to]) touching.set(key, [...(touching.get(key) ?? []), p.shape]);
    return pinches.map(([key]) => ({ kind: 'pinch', wards: byNumber((touching.get(key) ?? []).map(wardOf)), at: corners[key] }));
  }
  const loops: { area: number; wards: string[]; at: Position; pieces: Piece[] }[] = [];
  const used = new Set<Piece>();
  for (const start of boundary) {
    if (used.has(start)) continue;
    const ring: Position[] = [corners[start.from]];
    const pieces: Piece[] = [];
    let piece: Piece | undefined = start;
    while (piece && !used.has(piece)) {
      used.add(piece);
      pieces.push(piece);
      ring.push(corners[piece.to]);
      piece = leaving.get(piece.to)?.[0];
      if (pace.tick()) yield;
    }
    loops.push({ area: twiceArea(ring), wards: byNumber(pieces.map((p) => wardOf(p.shape))), at: meanOf(ring.slice(1)), pieces });
  }
  const outer = loops.filter((l) => l.area > 0).sort((a, b) => b.area - a.area);
  const gaps: Gap[] = [
    ...loops.filter((l) => l.area < 0).map((l): Gap => ({ kind: 'gap', wards: l.wards, at: l.at })),
    ...outer.slice(1).map((l): Gap => ({ kind: 'apart', wards: l.wards, at: l.at })),
  ];
  if (gaps.length > 0 || outer.length === 0) return gaps;
  return yield* narrowStrips(outer[0].pieces, corners, wardOf, index, budget);
}

/** Metres per degree, near enough for telling 100 m from 50 m: a sphere's, east–west shrunk by the latitude. */
const METRES_PER_DEGREE = 111_320;

interface Nearest {
  distance: number;
  /** Where along each piece, from 0 at its start to 1 at its end. */
  t: number;
  u: number;
}

/** From point p to segment ab, in metres: the distance and where along ab it is nearest. */
function toSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): { distance: number; along: number } {
  const [dx, dy] = [bx - ax, by - ay];
  const length2 = dx * dx + dy * dy;
  const along = length2 === 0 ? 0 : Math.min(1, Math.max(0, ((px - ax) * dx + (py - ay) * dy) / length2));
  return { distance: Math.hypot(ax + along * dx - px, ay + along * dy - py), along };
}

/** Step 5: stretches of the town's edge, of two wards, facing each other across a narrow strip in no ward. */
function* narrowStrips(loop: readonly Piece[], corners: readonly Position[], wardOf: (shape: number) => string, index: WardIndex, budget: Budget): Steps<Gap[]> {
  const pace = new Pace();
  const latitude = loop.reduce((s, p) => s + corners[p.from][1], 0) / loop.length;
  const kx = METRES_PER_DEGREE * Math.cos((latitude * Math.PI) / 180);
  const ky = METRES_PER_DEGREE;
  const [ox, oy] = corners[loop[0].from];
  // Every piece in metres from the loop's start, with how far round the loop it begins.
  const n = loop.length;
  const xy = new Float64Array(4 * n);
  const startsAt = new Float64Array(n + 1);
  loop.forEach((piece, i) => {
    const [from, to] = [corners[piece.from], corners[piece.to]];
    const [ax, ay, bx, by] = [(from[0] - ox) * kx, (from[1] - oy) * ky, (to[0] - ox) * kx, (to[1] - oy) * ky];
    xy.set([ax, ay, bx, by], 4 * i);
    startsAt[i + 1] = startsAt[i] + Math.hypot(bx - ax, by - ay);
  });
  const round = startsAt[n];
  const d = NARROW_STRIP_METRES;
  const pieceBox = (i: number, margin = 0): [number, number, number, number] => [
    Math.min(xy[4 * i], xy[4 * i + 2]) - margin,
    Math.min(xy[4 * i + 1], xy[4 * i + 3]) - margin,
    Math.max(xy[4 * i], xy[4 * i + 2]) + margin,
    Math.max(xy[4 * i + 1], xy[4 * i + 3]) + margin,
  ];
  // Runs: stretches of the loop along one ward. Only runs of two wards can face each other, so each run is
  // compared with the runs of other wards near it, and never with the pieces of its own ward beside it.
  const runs: { shape: number; first: number; end: number; box: [number, number, number, number] }[] = [];
  for (let i = 0; i < n; i++) {
    const last = runs.at(-1);
    const [x0, y0, x1, y1] = pieceBox(i);
    if (last && last.shape === loop[i].shape) {
      last.end = i + 1;
      last.box = [Math.min(last.box[0], x0), Math.min(last.box[1], y0), Math.max(last.box[2], x1), Math.max(last.box[3], y1)];
    } else runs.push({ shape: loop[i].shape, first: i, end: i + 1, box: [x0, y0, x1, y1] });
  }
  // Each run's own index of its pieces, made when another run first looks into it.
  const runPieces = new Map<number, Flatbush>();
  const piecesOf = (r: number): Flatbush => {
    let made = runPieces.get(r);
    if (!made) {
      made = new Flatbush(runs[r].end - runs[r].first);
      for (let j = runs[r].first; j < runs[r].end; j++) made.add(...pieceBox(j));
      made.finish();
      runPieces.set(r, made);
    }
    return made;
  };
  const runIndex = new Flatbush(runs.length);
  for (const run of runs) runIndex.add(...run.box);
  runIndex.finish();
  const strips = new Map<string, Gap>();
  for (let a = 0; a < runs.length; a++) {
    const facing = runIndex.search(runs[a].box[0] - d, runs[a].box[1] - d, runs[a].box[2] + d, runs[a].box[3] + d);
    budget.spend(facing.length + 1);
    for (const b of facing) {
      if (b <= a || runs[a].shape === runs[b].shape) continue;
      const pair = byNumber([wardOf(runs[a].shape), wardOf(runs[b].shape)]);
      const key = pair.join(',');
      const other = runs[b];
      for (let i = runs[a].first; i < runs[a].end && !strips.has(key); i++) {
        const [x0, y0, x1, y1] = pieceBox(i, d);
        if (x1 < other.box[0] || x0 > other.box[2] || y1 < other.box[1] || y0 > other.box[3]) continue;
        const near = piecesOf(b).search(x0, y0, x1, y1);
        budget.spend(near.length + 1);
        for (const k of near) {
          const strip = stripBetween(i, other.first + k);
          if (strip) {
            strips.set(key, { kind: 'strip', wards: pair, at: strip.at, width: strip.width });
            break;
          }
        }
        if (pace.tick(near.length + 1)) yield;
      }
    }
  }

  /** Whether pieces i and j face each other across a narrow strip in no ward: where, and how wide. */
  function stripBetween(i: number, j: number): { at: Position; width: number } | null {
    const [ax, ay, bx, by] = xy.subarray(4 * i, 4 * i + 4);
    const [cx, cy, ex, ey] = xy.subarray(4 * j, 4 * j + 4);
    // Pieces of the edge never cross, so the nearest two points have an end of one of them among them.
    const candidates: Nearest[] = [];
    for (const [px, py, t] of [[ax, ay, 0], [bx, by, 1]]) {
      const { distance, along } = toSegment(px, py, cx, cy, ex, ey);
      candidates.push({ distance, t, u: along });
    }
    for (const [px, py, u] of [[cx, cy, 0], [ex, ey, 1]]) {
      const { distance, along } = toSegment(px, py, ax, ay, bx, by);
      candidates.push({ distance, t: along, u });
    }
    const nearest = candidates.reduce((best, c) => (c.distance < best.distance ? c : best));
    if (nearest.distance === 0 || nearest.distance >= d) return null;
    const gone = Math.abs(startsAt[i] + nearest.t * (startsAt[i + 1] - startsAt[i]) - (startsAt[j] + nearest.u * (startsAt[j + 1] - startsAt[j])));
    if (Math.min(gone, round - gone) <= FACING * nearest.distance) return null;
    const p = [ax + nearest.t * (bx - ax), ay + nearest.t * (by - ay)];
    const q = [cx + nearest.u * (ex - cx), cy + nearest.u * (ey - cy)];
    const middle: Position = [ox + (p[0] + q[0]) / 2 / kx, oy + (p[1] + q[1]) / 2 / ky];
    // Across the strip must be outside every ward: across a narrow spit of the town it is inside.
    const place = index.place(middle);
    budget.spend(place.looked);
    return place.inside.size > 0 || place.onEdge.size > 0 ? null : { at: middle, width: nearest.distance };
  }
  return [...strips.values()];
}
