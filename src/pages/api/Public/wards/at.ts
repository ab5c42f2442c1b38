import { endpoint, HttpError, json, serverTiming } from '../../../../server/http';
import { parseCoordinate, wardLookup } from '../../../../features/wards/wards.server';
import { mapTiles } from '../../../../server/map-tiles';
import { EXACT_ZOOM, mapLayout } from '../../../../features/wards/tile-map';

/**
 * The ward a point lies in: ?lat=26.15&long=85.9 answers { "ward": 13 }, or { "ward": null } outside every
 * ward (or before any boundary is uploaded). The grievance form's "use my location" asks it. When a tile
 * server is set (MAP_TILE_URL), `map` gives the tiles of a small map of the point, laid out from its middle,
 * so that the form's script draws the same map as the server does (src/features/wards/tile-map.ts).
 * The boundaries are looked up in an index kept in memory until they change; Server-Timing says whether
 * this answer built it afresh ("built") or used the one kept ("kept"), and how long that took.
 */
export const GET = endpoint(async ({ url }) => {
  const lat = parseCoordinate(url.searchParams.get('lat'), 90);
  const long = parseCoordinate(url.searchParams.get('long'), 180);
  const errors: Record<string, string> = {};
  if (lat === null) errors.lat = 'Give lat in decimal degrees, from -90 to 90.';
  if (long === null) errors.long = 'Give long in decimal degrees, from -180 to 180.';
  if (lat === null || long === null) throw new HttpError(400, Object.values(errors)[0], errors);
  const started = performance.now();
  const { lookup, built } = await wardLookup();
  const number = lookup.index.wardAt([long, lat]);
  const timing = serverTiming('ward-index', performance.now() - started, built ? 'built' : 'kept');
  const tiles = mapTiles();
  const body = { ward: number === null ? null : Number(number), wardId: number === null ? null : (lookup.ids.get(number) ?? null) };
  return json({ ...body, ...(tiles ? { map: mapLayout(tiles.template, lat, long, EXACT_ZOOM) } : {}) }, 200, timing);
});
