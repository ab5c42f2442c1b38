import { endpoint, HttpError, json } from '../../../../server/http';
import { findWardAt, parseCoordinate } from '../../../../features/wards/wards.server';
import { mapTiles } from '../../../../server/map-tiles';
import { EXACT_ZOOM, mapLayout } from '../../../../features/wards/tile-map';

/**
 * The ward a point lies in: ?lat=26.15&long=85.9 answers { "ward": 13 }, or { "ward": null } outside every
 * ward (or before any boundary is uploaded). The grievance form's "use my location" asks it. When a tile
 * server is set (MAP_TILE_URL), `map` gives the tiles of a small map of the point, laid out from its middle,
 * so that the form's script draws the same map as the server does (src/features/wards/tile-map.ts).
 */
export const GET = endpoint(async ({ url }) => {
  const lat = parseCoordinate(url.searchParams.get('lat'), 90);
  const long = parseCoordinate(url.searchParams.get('long'), 180);
  const errors: Record<string, string> = {};
  if (lat === null) errors.lat = 'Give lat in decimal degrees, from -90 to 90.';
  if (long === null) errors.long = 'Give long in decimal degrees, from -180 to 180.';
  if (lat === null || long === null) throw new HttpError(400, Object.values(errors)[0], errors);
  const ward = await findWardAt(lat, long);
  const tiles = mapTiles();
  return json({ ward: ward ? Number(ward.number) || ward.number : null, wardId: ward?.id ?? null, ...(tiles ? { map: mapLayout(tiles.template, lat, long, EXACT_ZOOM) } : {}) });
});
