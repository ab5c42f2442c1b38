import { endpoint, HttpError } from '../../server/http';

/**
 * Any /api address no other route answers: API clients get the JSON error shape they can read, not the
 * public site's HTML page.
 */
export const ALL = endpoint(async () => {
  throw new HttpError(404, 'There is no such API address.');
});
