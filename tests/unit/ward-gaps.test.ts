import { describe, expect, it } from 'vitest';
import { BoundaryError, checkWardBoundaries, gapsBetween, type BoundaryProblem, type WardShape } from '../../src/features/wards/ward-geometry';
import { problemText } from '../../src/features/wards/boundary-words';
import { DEMO_WARD_BOUNDARIES } from '../../db/seed/ward-boundaries';

/** The gap check (src/features/wards/ward-gaps.ts): the wards must cover the town with no place in none. */
const WARDS = Array.from({ length: 25 }, (_, i) => String(i + 1));
const demo = () => JSON.parse(JSON.stringify(DEMO_WARD_BOUNDARIES)) as { type: string; features: { properties: { ward: number }; geometry: { coordinates: number[][][] } }[] };
const rect = (x0: number, y0: number, x1: number, y1: number) => [[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]] as [number, number][];
const shape = (ward: string, ...rings: [number, number][][]): WardShape => ({ ward, polygons: [rings] });

function problemsOf(geojson: unknown, wards: string[] = WARDS): BoundaryProblem[] {
  try {
    checkWardBoundaries(geojson, wards);
  } catch (err) {
    if (err instanceof BoundaryError) return err.problems;
    throw err;
  }
  return [];
}

describe('the gap check', () => {
  it('passes the demo grid, wards meeting at T-junctions, and a hole that another ward fills', () => {
    expect(gapsBetween(checkWardBoundaries(demo(), WARDS))).toEqual([]);
    // Ward 1 spans the top; wards 2 and 3 meet its bottom edge in its middle, a corner not its own.
    expect(gapsBetween([shape('1', rect(0, 1, 2, 2)), shape('2', rect(0, 0, 1, 1)), shape('3', rect(1, 0, 2, 1))])).toEqual([]);
    // Ward 1 with a hole, ward 2 exactly in it; the hole's ring drawn clockwise or not makes no difference.
    expect(gapsBetween([shape('1', rect(0, 0, 3, 3), rect(1, 1, 2, 2)), shape('2', rect(1, 1, 2, 2).reverse())])).toEqual([]);
    // Shared edges on a slant, with a corner of one on the other's edge: rounding does not open a gap.
    expect(gapsBetween([shape('1', [[0, 0], [0.3, 0.1], [0.3, 1], [0, 1], [0, 0]]), shape('2', [[0.3, 0.1], [0.6, 0.2], [0.9, 0.3], [0.9, 1], [0.3, 1], [0.3, 0.1]]), shape('3', [[0, 0], [0.9, 0], [0.9, 0.3], [0.6, 0.2], [0.3, 0.1], [0, 0]])])).toEqual([]);
  });

  it('finds a ward left out of the middle, named by the wards around it', () => {
    const file = demo();
    file.features.splice(12, 1);
    const problems = problemsOf(file, WARDS.filter((w) => w !== '13'));
    expect(problems).toEqual([{ code: 'gap', wards: ['8', '12', '14', '18'], lat: 26.15, long: 85.9 }]);
    expect(problemText(problems[0], 'en')).toBe("There is a gap in no ward, bordered by wards 8, 12, 14, 18, near 26.15, 85.9: draw the wards' shared edges through the same points.");
    expect(problemText(problems[0], 'hi')).toBe('वार्ड 8, 12, 14, 18 के बीच 26.15, 85.9 के पास एक खाली जगह है जो किसी वार्ड में नहीं है: वार्डों के साझा किनारे एक ही बिंदुओं से होकर बनाएँ।');
  });

  it('finds a hole in a ward that no ward fills', () => {
    expect(gapsBetween([shape('1', rect(0, 0, 3, 3), rect(1, 1, 2, 2))])).toEqual([{ kind: 'gap', wards: ['1'], at: [1.5, 1.5] }]);
    const file = demo();
    const [[x0, y0], [x1], [, y1]] = file.features[12].geometry.coordinates[0];
    const [mx, my] = [(x0 + x1) / 2, (y0 + y1) / 2];
    file.features[12].geometry.coordinates.push(rect(mx - 0.001, my - 0.001, mx + 0.001, my + 0.001).reverse());
    expect(problemsOf(file)).toEqual([{ code: 'gap', wards: ['13'], lat: Math.round(my * 1e5) / 1e5, long: Math.round(mx * 1e5) / 1e5 }]);
  });

  it('finds a sliver where two wards\' shared edge was drawn twice, a few metres apart', () => {
    const file = demo();
    // Ward 13's east edge pulled in by 0.0001° (about 10 m): a thin strip between wards 13 and 14.
    const ring = file.features[12].geometry.coordinates[0];
    const east = Math.max(...ring.map(([x]) => x));
    for (const p of ring) if (p[0] === east) p[0] = east - 0.0001;
    expect(problemsOf(file)).toEqual([expect.objectContaining({ code: 'gap', wards: ['8', '13', '14', '18'] })]);
  });

  it('refuses a narrow strip in no ward reaching in between two wards from the town\'s edge, and no wider one', () => {
    // Ward 5 (the north-east corner) drawn 0.0005° (about 50 m) east of its neighbour ward 4: a strip open to the north.
    const strip = (degrees: number) => {
      const file = demo();
      for (const p of file.features[4].geometry.coordinates[0]) if (p[0] === 85.915) p[0] = 85.915 + degrees;
      return problemsOf(file);
    };
    const [problem] = strip(0.0005);
    expect(problem).toEqual({ code: 'strip', wards: ['4', '5'], lat: expect.any(Number), long: expect.closeTo(85.91525, 5), width: 50, max: 100 });
    expect(problemText(problem, 'en')).toMatch(/^Wards 4 and 5 leave a strip about 50 m wide in no ward between them, near 26\.1\d+, 85\.91525: a strip narrower than 100 m between wards is a gap too\./);
    expect(problemText(problem, 'hi')).toMatch(/^वार्ड 4 और 5 के बीच .* लगभग 50 मीटर चौड़ी एक पट्टी किसी वार्ड में नहीं है/);
    expect(strip(0.00001)).toEqual([expect.objectContaining({ code: 'strip', width: 1 })]);
    expect(strip(0.0012)).toEqual([]); // about 120 m: the town's own shape
  });

  it('takes a corner of the town\'s outline, where two wards meet at a right angle, for no strip', () => {
    // Without ward 1 the town is an L: wards 2 and 6 meet at its inner corner, facing each other across the gap-free outside.
    const file = demo();
    file.features.splice(0, 1);
    expect(problemsOf(file, WARDS.slice(1))).toEqual([]);
  });

  it('finds a part apart from the rest, and a corner where the edge touches itself', () => {
    expect(gapsBetween([shape('1', rect(0, 0, 1, 1)), shape('2', rect(5, 0, 5.5, 0.5))])).toEqual([{ kind: 'apart', wards: ['2'], at: [5.25, 0.25] }]);
    expect(gapsBetween([shape('1', rect(0, 0, 1, 1)), shape('2', rect(1, 1, 2, 2))])).toEqual([{ kind: 'pinch', wards: ['1', '2'], at: [1, 1] }]);
  });
});
