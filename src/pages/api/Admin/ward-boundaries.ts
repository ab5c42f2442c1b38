import { endpoint, HttpError, json } from '../../../server/http';
import { boundaryRefusal, BUSY_RETRY_SECONDS, readBoundaryUpload, uploadBoundaries } from '../../../features/wards/wards.server';
import { BoundaryError } from '../../../features/wards/ward-geometry';
import { CheckQueueFull } from '../../../features/wards/check-queue';
import { messages } from '../../../i18n/messages';

/**
 * An admin replaces every ward's boundary with a GeoJSON FeatureCollection (PUT, at most 2 MB). A file that
 * fails the check changes nothing and is answered 400 with every problem (src/features/wards/ward-geometry.ts),
 * in the same words as the admin's page (/ward-boundaries), which takes the same path. While too many files
 * are being checked already, 429 with Retry-After.
 */
export const PUT = endpoint(async ({ request, locals }) => {
  if (!locals.session) throw new HttpError(401, 'Please sign in.');
  try {
    const result = await uploadBoundaries(await readBoundaryUpload(request), locals.session);
    return json({ message: `Boundaries saved for ${result.wards} wards.`, wards: result.wards });
  } catch (err) {
    if (err instanceof CheckQueueFull) throw new HttpError(429, messages('en').wards.page.busy, undefined, { 'retry-after': String(BUSY_RETRY_SECONDS) });
    throw err instanceof BoundaryError ? boundaryRefusal(err) : err;
  }
});
