import { describe, expect, it } from 'vitest';
import { BoundaryError, checkWardBoundaries, GEOMETRY_LIMITS, shapesOverlap, wardAt, type WardShape } from '../../src/features/wards/ward-geometry';
import { DEMO_WARD_BOUNDARIES } from '../../db/seed/ward-boundaries';
import { problemText } from '../../src/features/wards/boundary-words';
import { combBoundaries } from '../support/ward-combs';

/** The boundary check's rules and the point-in-polygon look-up, on the demo grid and on broken files. */
const WARDS = Array.from({ length: 25 }, (_, i) => String(i + 1));
const demo = () => JSON.parse(JSON.stringify(DEMO_WARD_BOUNDARIES)) as { type: string; features: any[] };
const square = (x: number, y: number, size = 1) => [[[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]]];
const feature = (ward: unknown, coordinates: unknown, type = 'Polygon') => ({ type: 'Feature', properties: { ward }, geometry: { type, coordinates } });

function problemsOf(geojson: unknown, wards: string[] = WARDS): string[] {
  try {
    checkWardBoundaries(geojson, wards);
  } catch (err) {
    if (err instanceof BoundaryError) return err.problems.map((problem) => problemText(problem, 'en'));
    throw err;
  }
  return [];
}

describe('the boundary check', () => {
  it('passes the demo grid: 25 wards sharing edges, none overlapping', () => {
    expect(checkWardBoundaries(demo(), WARDS)).toHaveLength(25);
  });

  it('refuses what is not a FeatureCollection', () => {
    for (const bad of [null, 'text', [], { type: 'Feature' }, { type: 'FeatureCollection' }]) {
      expect(problemsOf(bad)[0]).toMatch(/not a GeoJSON FeatureCollection/);
    }
  });

  it('refuses a feature without a ward number, a repeated ward, an unknown ward and a missing ward', () => {
    const noNumber = demo();
    noNumber.features[0].properties = { name: 'North' };
    expect(problemsOf(noNumber)).toContain('Feature 1 has no ward number: give it a "ward" property (1, 2, …).');
    const repeated = demo();
    repeated.features[1].properties.ward = 1;
    expect(problemsOf(repeated).join('\n')).toMatch(/Feature 2 \(ward 1\) repeats ward 1, already given by feature 1\./);
    expect(problemsOf(demo(), [...WARDS, '26'])).toEqual(['No boundary is given for ward 26: every ward needs one.']);
    expect(problemsOf(demo(), WARDS.slice(0, 24)).join('\n')).toMatch(/ward 25\) names a ward the council does not have/);
  });

  it('refuses invalid rings: open, too short, crossing itself, without area, out of range, not numbers', () => {
    const rings: [unknown, RegExp][] = [
      [[[[0, 0], [1, 0], [1, 1], [0, 1]]], /is not closed/],
      [[[[0, 0], [1, 0], [0, 0]]], /needs at least 4/],
      [[[[0, 0], [1, 1], [1, 0], [0, 1], [0, 0]]], /crosses itself/],
      [[[[0, 0], [1, 1], [2, 2], [0, 0]]], /encloses no area/],
      [[[[0, 0], [200, 0], [200, 1], [0, 0]]], /outside longitude/],
      [[[['a', 0], [1, 0], [1, 1], ['a', 0]]], /not \[longitude, latitude\] in numbers/],
    ];
    for (const [coordinates, problem] of rings) {
      expect(problemsOf({ type: 'FeatureCollection', features: [feature(1, coordinates)] }, ['1']).join('\n')).toMatch(problem);
    }
    expect(problemsOf({ type: 'FeatureCollection', features: [feature(1, square(0, 0), 'Point')] }, ['1'])[0]).toMatch(/not a Polygon or MultiPolygon/);
  });

  it('refuses overlapping wards and allows wards that only touch', () => {
    const shape = (ward: string, coordinates: any): WardShape => ({ ward, polygons: [coordinates] });
    expect(shapesOverlap(shape('1', square(0, 0)), shape('2', square(1, 0)))).toBe(false); // a shared edge
    expect(shapesOverlap(shape('1', square(0, 0)), shape('2', square(1, 1)))).toBe(false); // a shared corner
    expect(shapesOverlap(shape('1', square(0, 0)), shape('2', square(0.5, 0.5)))).toBe(true); // crossing edges
    expect(shapesOverlap(shape('1', square(0, 0)), shape('2', square(0, 0)))).toBe(true); // the same shape
    expect(shapesOverlap(shape('1', square(0, 0, 3)), shape('2', square(1, 1)))).toBe(true); // one inside the other
    const overlapping = demo();
    overlapping.features[1].geometry.coordinates = overlapping.features[0].geometry.coordinates;
    expect(problemsOf(overlapping)).toContain('Wards 1 and 2 overlap; wards may share an edge but not area.');
  });

  it('accepts a MultiPolygon ward and a polygon with a hole that the other ward fills', () => {
    const hole = [[[0, 0], [3, 0], [3, 3], [0, 3], [0, 0]], [[1, 1], [1, 2], [2, 2], [2, 1], [1, 1]]];
    const shapes = checkWardBoundaries({ type: 'FeatureCollection', features: [feature(1, hole), feature(2, [square(1, 1), square(3, 0)], 'MultiPolygon')] }, ['1', '2']);
    expect(wardAt(shapes, [1.5, 1.5])).toBe('2');
    expect(wardAt(shapes, [0.5, 0.5])).toBe('1');
    expect(wardAt(shapes, [3.5, 0.5])).toBe('2');
  });
});

describe('rings as stored', () => {
  it('are turned to the right-hand rule: outer rings anticlockwise, holes clockwise, whichever way they came', () => {
    const outerClockwise = [[0, 0], [0, 3], [3, 3], [3, 0], [0, 0]];
    const holeAnticlockwise = [[1, 1], [2, 1], [2, 2], [1, 2], [1, 1]];
    const shapes = checkWardBoundaries({ type: 'FeatureCollection', features: [feature(1, [outerClockwise, holeAnticlockwise]), feature(2, square(1, 1))] }, ['1', '2']);
    expect(shapes[0].polygons[0]).toEqual([[...outerClockwise].reverse(), [...holeAnticlockwise].reverse()]);
    expect(shapes[1].polygons[0]).toEqual(square(1, 1));
  });
});

describe('the cost of the check', () => {
  it('checks two wards of interleaved 5,000-position combs, the largest file allowed, within its budget', () => {
    const comb = combBoundaries();
    expect(comb.features.flatMap((f) => f.geometry.coordinates.flat()).reduce((n, ring) => n + ring.length, 0)).toBe(49_990);
    expect(checkWardBoundaries(comb, ['1', '2']).map((s) => s.polygons.length)).toEqual([5, 5]);
  });

  it('refuses shapes whose every edge reaches across the others before testing them, as too intricate', () => {
    // A star of 2,499 spikes: every edge's box holds the middle, so an index hands out every edge for every edge.
    const star = Array.from({ length: 4_998 }, (_, i) => {
      const angle = (i / 4_998) * 2 * Math.PI;
      const radius = i % 2 === 0 ? 1 : 0.01;
      return [radius * Math.cos(angle), radius * Math.sin(angle)];
    });
    const problems = problemsOf({ type: 'FeatureCollection', features: [feature(1, [[...star, star[0]]])] }, ['1']);
    expect(problems).toEqual([problemText({ code: 'tooIntricate', max: GEOMETRY_LIMITS.work }, 'en')]);
    expect(problemText({ code: 'tooIntricate', max: GEOMETRY_LIMITS.work }, 'hi')).toMatch(/^सीमाएँ इतनी जटिल हैं .*30,00,000/);
  });
});

describe('the look-up of a point', () => {
  const shapes = checkWardBoundaries(demo(), WARDS);
  it('finds the ward of a point, none outside the town, the lower number on a shared edge', () => {
    expect(wardAt(shapes, [85.876, 26.174])).toBe('1'); // the north-west corner square
    expect(wardAt(shapes, [85.9, 26.15])).toBe('13'); // the centre
    expect(wardAt(shapes, [85.924, 26.126])).toBe('25'); // the south-east corner square
    expect(wardAt(shapes, [85.8, 26.15])).toBeNull();
    expect(wardAt(shapes, [85.885, 26.17])).toBe('1'); // on the edge between wards 1 and 2
  });
});
