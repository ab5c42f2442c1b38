import { endpoint, HttpError, json } from '../../../server/http';
import { readBoundaryUpload, replaceBoundaries } from '../../../features/wards/wards.server';

/**
 * An admin replaces every ward's boundary with a GeoJSON FeatureCollection (PUT, at most 2 MB). A file that
 * fails the check changes nothing and is answered 400 with every problem (src/features/wards/ward-geometry.ts).
 */
export const PUT = endpoint(async ({ request, locals }) => {
  if (!locals.session) throw new HttpError(401, 'Please sign in.');
  const result = await replaceBoundaries(await readBoundaryUpload(request), locals.session);
  return json({ message: `Boundaries saved for ${result.wards} wards.`, wards: result.wards });
});
