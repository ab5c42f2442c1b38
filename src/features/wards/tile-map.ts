/**
 * A small map of one point from a slippy-map tile server, without a map library: the standard web-mercator
 * formulas (as OpenStreetMap's wiki gives them) place the point on the world's pixel grid at a zoom, and the
 * few 256-pixel tiles around it are laid out from the map's middle, where the marker is. Pure functions, no
 * settings: the server lays a map out for a page, or for the "use my location" script through /api/Public/wards/at.
 */
export const TILE_SIZE = 256;
/** The map's view: wide enough to see the streets around, small enough to fit a 375 px phone beside the page's margins. */
export const MAP_VIEW = { width: 320, height: 200 } as const;
/** An exact point (staff, the citizen's own) at zoom 17, about 1 m a pixel in India; a point rounded to ~100 m at 16. */
export const EXACT_ZOOM = 17;
export const ROUNDED_ZOOM = 16;
/** Web mercator's square world stops short of the poles. */
const MAX_LATITUDE = 85.0511287798;
/** The equator's length in metres over 256: metres per pixel at zoom 0 on the equator. */
const METRES_PER_PIXEL_AT_ZERO = 156_543.03392;

export interface MapTile {
  src: string;
  /** Where the tile's top-left corner is, in pixels from the map's middle (the point). */
  left: number;
  top: number;
}

export interface MapLayout {
  zoom: number;
  tiles: MapTile[];
  /** How many pixels 100 m covers here: the radius of the circle drawn round a rounded point. */
  hundredMetres: number;
}

/** The point's place on the world's pixel grid at `zoom` (x east from 180° W, y south from ~85° N). */
export function worldPixel(lat: number, long: number, zoom: number): { x: number; y: number } {
  const size = TILE_SIZE * 2 ** zoom;
  const phi = (Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)) * Math.PI) / 180;
  return {
    x: ((long + 180) / 360) * size,
    y: ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * size,
  };
}

/** The tile holding a point: { x, y } in the slippy-map numbering at `zoom`. */
export function tileOf(lat: number, long: number, zoom: number): { x: number; y: number } {
  const p = worldPixel(lat, long, zoom);
  return { x: Math.floor(p.x / TILE_SIZE), y: Math.floor(p.y / TILE_SIZE) };
}

/** A tile's address from the template: {z}, {x} and {y} filled in. */
export function tileUrl(template: string, zoom: number, x: number, y: number): string {
  return template.replaceAll('{z}', String(zoom)).replaceAll('{x}', String(x)).replaceAll('{y}', String(y));
}

/** Ground metres one pixel covers at a latitude and zoom. */
export function metresPerPixel(lat: number, zoom: number): number {
  return (METRES_PER_PIXEL_AT_ZERO * Math.cos((lat * Math.PI) / 180)) / 2 ** zoom;
}

/**
 * The tiles that cover a view of `view` pixels centred on the point, each placed from the middle: at most
 * three across and two down for the default view. Columns wrap round the date line; rows past the poles are left out.
 */
export function mapLayout(template: string, lat: number, long: number, zoom: number, view: { width: number; height: number } = MAP_VIEW): MapLayout {
  const centre = worldPixel(lat, long, zoom);
  const count = 2 ** zoom;
  const tiles: MapTile[] = [];
  const [x0, x1] = [Math.floor((centre.x - view.width / 2) / TILE_SIZE), Math.floor((centre.x + view.width / 2) / TILE_SIZE)];
  const [y0, y1] = [Math.floor((centre.y - view.height / 2) / TILE_SIZE), Math.floor((centre.y + view.height / 2) / TILE_SIZE)];
  for (let y = y0; y <= y1; y++) {
    if (y < 0 || y >= count) continue;
    for (let x = x0; x <= x1; x++) {
      tiles.push({ src: tileUrl(template, zoom, ((x % count) + count) % count, y), left: Math.round(x * TILE_SIZE - centre.x), top: Math.round(y * TILE_SIZE - centre.y) });
    }
  }
  return { zoom, tiles, hundredMetres: Math.round(100 / metresPerPixel(lat, zoom)) };
}
