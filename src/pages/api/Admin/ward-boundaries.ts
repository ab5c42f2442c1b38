import { endpoint, HttpError, json } from '../../../server/http';
import { boundaryRefusal, readBoundaryUpload, uploadBoundaries } from '../../../features/wards/wards.server';
import { BoundaryError } from '../../../features/wards/ward-geometry';

/**
 * An admin replaces every ward's boundary with a GeoJSON FeatureCollection (PUT, at most 2 MB). A file that
 * fails the check changes nothing and is answered 400 with every problem (src/features/wards/ward-geometry.ts),
 * in the same words as the admin's page (/ward-boundaries), which takes the same path.
 */
export const PUT = endpoint(async ({ request, locals }) => {
  if (!locals.session) throw new HttpError(401, 'Please sign in.');
  try {
    const result = await uploadBoundaries(await readBoundaryUpload(request), locals.session);
    return json({ message: `Boundaries saved for ${result.wards} wards.`, wards: result.wards });
  } catch (err) {
    throw err instanceof BoundaryError ? boundaryRefusal(err) : err;
  }
});
