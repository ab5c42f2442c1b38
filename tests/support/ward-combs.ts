/**
 * Boundary files that are costly to check, for the geometry tests and the benchmark: two wards drawn as
 * interleaved combs. In each band the first ward's teeth point up and the second's point down, so that they
 * share every tooth's sides exactly and together fill the band; bands stack on top of each other, one part
 * of each ward's MultiPolygon per band. With the defaults every ring holds 4,999 positions and the file
 * 49,990: within every cap, and the most edges two wards can have side by side.
 */
type Position = [number, number];

export interface CombOptions {
  /** Teeth of each ward in a band (a ring holds 4 × teeth + 3 positions). */
  teeth?: number;
  /** Bands stacked north of each other (parts of each ward). */
  bands?: number;
  /** The south-west corner, [longitude, latitude]. */
  origin?: Position;
  /** Width of a tooth and of the slot between two, in degrees. */
  toothWidth?: number;
  /** Height of a band, in degrees. */
  bandHeight?: number;
}

/** The two wards' rings for one band: [first ward's ring, second ward's ring], both anticlockwise. */
function band(x0: number, y0: number, y1: number, teeth: number, w: number): [Position[], Position[]] {
  const [base, top] = [y0 + (y1 - y0) * 0.2, y0 + (y1 - y0) * 0.8];
  const width = 2 * teeth * w;
  // The line between the two wards, west to east: the first ward's tooth, then the second's, and so on.
  const profile: Position[] = [];
  for (let i = 0; i < 2 * teeth; i++) {
    const y = i % 2 === 0 ? top : base;
    profile.push([x0 + i * w, y], [x0 + (i + 1) * w, y]);
  }
  const lower: Position[] = [[x0, y0], [x0 + width, y0], ...[...profile].reverse(), [x0, y0]];
  const upper: Position[] = [...profile, [x0 + width, y1], [x0, y1], profile[0]];
  return [lower, upper];
}

/** The comb file: wards 1 and 2 as MultiPolygons of `bands` parts, then `extraWards` more as plain squares beside them. */
export function combBoundaries({ teeth = 1249, bands = 5, origin = [85.875, 26.125], toothWidth = 0.000004, bandHeight = 0.002 }: CombOptions = {}) {
  const lower: Position[][][] = [];
  const upper: Position[][][] = [];
  for (let b = 0; b < bands; b++) {
    // Each band's edges from the same sums, so that neighbouring bands share their edge to the last bit.
    const [a, c] = band(origin[0], origin[1] + b * bandHeight, origin[1] + (b + 1) * bandHeight, teeth, toothWidth);
    lower.push([a]);
    upper.push([c]);
  }
  const feature = (ward: number, coordinates: Position[][][]) => ({ type: 'Feature', properties: { ward }, geometry: { type: 'MultiPolygon', coordinates } });
  return { type: 'FeatureCollection', features: [feature(1, lower), feature(2, upper)] };
}

/**
 * A town as a real survey might draw it: the demo's 5 × 5 grid of wards (numbered in rows from the north-west,
 * ward 13 in the middle), every edge a wavy line of `between` positions that both wards beside it share. With
 * the default, 49,925 positions: the largest valid file, for the look-up's cost.
 */
export function detailedGrid(between = 498, size = 5, origin: Position = [85.875, 26.125], cell = 0.01) {
  const x = (i: number) => origin[0] + i * cell;
  const y = (j: number) => origin[1] + j * cell;
  const wave = (t: number, inside: boolean) => (inside ? cell * 0.05 * Math.sin(2 * Math.PI * 3 * t) : 0);
  // Grid line j (south to north) between columns i and i + 1, west to east; and line i between rows j and j + 1, south to north.
  const across = (j: number, i: number): Position[] =>
    Array.from({ length: between + 2 }, (_, k) => (k === 0 ? [x(i), y(j)] : k === between + 1 ? [x(i + 1), y(j)] : [x(i) + (k / (between + 1)) * cell, y(j) + wave(k / (between + 1), j > 0 && j < size)]));
  const upward = (i: number, j: number): Position[] =>
    Array.from({ length: between + 2 }, (_, k) => (k === 0 ? [x(i), y(j)] : k === between + 1 ? [x(i), y(j + 1)] : [x(i) + wave(k / (between + 1), i > 0 && i < size), y(j) + (k / (between + 1)) * cell]));
  const features = [];
  for (let row = 0; row < size; row++) {
    const j = size - 1 - row;
    for (let i = 0; i < size; i++) {
      const ring = [...across(j, i), ...upward(i + 1, j).slice(1), ...across(j + 1, i).reverse().slice(1), ...upward(i, j).reverse().slice(1)];
      features.push({ type: 'Feature', properties: { ward: row * size + i + 1 }, geometry: { type: 'Polygon', coordinates: [ring] } });
    }
  }
  return { type: 'FeatureCollection', features };
}
