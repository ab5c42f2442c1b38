import { endpoint, HttpError, json } from '../../../../server/http';
import { findWardAt, parseCoordinate } from '../../../../features/wards/wards.server';

/**
 * The ward a point lies in: ?lat=26.15&long=85.9 answers { "ward": 13 }, or { "ward": null } outside every
 * ward (or before any boundary is uploaded). The grievance form's "use my location" asks it.
 */
export const GET = endpoint(async ({ url }) => {
  const lat = parseCoordinate(url.searchParams.get('lat'), 90);
  const long = parseCoordinate(url.searchParams.get('long'), 180);
  const errors: Record<string, string> = {};
  if (lat === null) errors.lat = 'Give lat in decimal degrees, from -90 to 90.';
  if (long === null) errors.long = 'Give long in decimal degrees, from -180 to 180.';
  if (lat === null || long === null) throw new HttpError(400, Object.values(errors)[0], errors);
  const ward = await findWardAt(lat, long);
  return json({ ward: ward ? Number(ward.number) || ward.number : null, wardId: ward?.id ?? null });
});
