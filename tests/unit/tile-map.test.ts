import { describe, expect, it } from 'vitest';
import { mapLayout, metresPerPixel, tileOf, tileUrl, worldPixel, MAP_VIEW, TILE_SIZE } from '../../src/features/wards/tile-map';
import { readMapTiles } from '../../src/server/map-tiles';

/** The small map's web-mercator maths (src/features/wards/tile-map.ts) and its settings (MAP_TILE_URL). */
describe('the slippy-map maths', () => {
  it('places points on the world grid as the standard formulas do', () => {
    expect(worldPixel(0, 0, 0)).toEqual({ x: 128, y: 128 });
    expect(worldPixel(0, -180, 1)).toEqual({ x: 0, y: 256 });
    // OpenStreetMap wiki's worked example (Berlin, zoom 17), and points checked against asinh(tan(φ)).
    expect(tileOf(52.51628011262304, 13.37771496361961, 17)).toEqual({ x: 70406, y: 42987 });
    expect(tileOf(26.1512, 85.9031, 17)).toEqual({ x: 96812, y: 55665 });
    expect(tileOf(-33.8688, 151.2093, 10)).toEqual({ x: 942, y: 614 });
    // Beyond web mercator's ~85.05° the point stays on the world's top edge.
    expect(worldPixel(89.9, 0, 0).y).toBeCloseTo(0, 6);
    expect(metresPerPixel(0, 0)).toBeCloseTo(156_543.03, 1);
    expect(metresPerPixel(60, 1)).toBeCloseTo(39_135.76, 1);
  });

  it('lays out the tiles round the point from the map\'s middle, and covers the whole view', () => {
    const layout = mapLayout('https://t.example/{z}/{x}/{y}.png', 26.1512, 85.9031, 17);
    const { x, y } = worldPixel(26.1512, 85.9031, 17);
    expect(layout.tiles.map((t) => t.src)).toEqual(['17/96811/55665', '17/96812/55665', '17/96811/55666', '17/96812/55666'].map((tile) => `https://t.example/${tile}.png`));
    // The point's own tile starts where the point's offset inside it says.
    expect(layout.tiles[1]).toMatchObject({ left: -Math.round(x - 96812 * TILE_SIZE), top: -Math.round(y - 55665 * TILE_SIZE) });
    const covers = (from: number, to: number, edges: number[]) => Math.min(...edges) <= from && Math.max(...edges.map((e) => e + TILE_SIZE)) >= to;
    expect(covers(-MAP_VIEW.width / 2, MAP_VIEW.width / 2, layout.tiles.map((t) => t.left))).toBe(true);
    expect(covers(-MAP_VIEW.height / 2, MAP_VIEW.height / 2, layout.tiles.map((t) => t.top))).toBe(true);
    expect(layout.hundredMetres).toBe(Math.round(100 / metresPerPixel(26.1512, 17)));
    // Round the date line the columns wrap; past the top there are no tiles.
    expect(mapLayout('{z}/{x}/{y}', 0, 179.9999, 2).tiles.map((t) => t.src)).toEqual(['2/3/1', '2/0/1', '2/3/2', '2/0/2']);
    expect(mapLayout('{z}/{x}/{y}', 85.05, 0, 3).tiles.every((t) => !t.src.includes('/-1'))).toBe(true);
    expect(tileUrl('https://a.example/{z}/{x}/{y}@2x.png?v={z}', 3, 4, 5)).toBe('https://a.example/3/4/5@2x.png?v=3');
  });
});

describe('the map setting', () => {
  it('is off when unset, and names the tile server\'s origin and credit when set', () => {
    expect(readMapTiles({})).toBeNull();
    expect(readMapTiles({ MAP_TILE_URL: ' ' })).toBeNull();
    expect(readMapTiles({ MAP_TILE_URL: 'https://tiles.example.org:8443/osm/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© OpenStreetMap contributors' })).toEqual({
      template: 'https://tiles.example.org:8443/osm/{z}/{x}/{y}.png', origin: 'https://tiles.example.org:8443', attribution: '© OpenStreetMap contributors',
    });
    expect(readMapTiles({ MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png' })?.attribution).toBe('Map tiles: tiles.example.org');
  });

  it('refuses a template that would name more than one host, or is no web address', () => {
    for (const bad of ['https://tiles.example.org/{z}/{x}.png', 'https://{s}.tiles.example.org/{z}/{x}/{y}.png', 'javascript:{z}{x}{y}', 'ftp://tiles.example.org/{z}/{x}/{y}', 'https://user:secret@tiles.example.org/{z}/{x}/{y}.png', '/tiles/{z}/{x}/{y}.png']) {
      expect(() => readMapTiles({ MAP_TILE_URL: bad }), bad).toThrow(/^MAP_TILE_URL /);
    }
  });
});
