import { endpoint, HttpError, json } from '../../../../server/http';
import { findSimilarGrievances, readSimilarQuery, SIMILAR_DAYS } from '../../../../features/grievance/similar-grievances.server';
import { readSettings } from '../../../../features/grievance/grievance-settings.server';

/**
 * Open grievances like the one a citizen is about to lodge (the rule: similar-grievances.server.ts):
 * ?category=3&lat=26.15&long=85.9, or ?category=3&ward=2&landmark=Shiv+temple. The lodging form's script
 * asks it as soon as a category and a place are chosen. Public facts only, never who lodged or follows one.
 */
export const GET = endpoint(async ({ url }) => {
  const { query, errors } = readSimilarQuery((name) => url.searchParams.get(name));
  if (errors) throw new HttpError(400, Object.values(errors)[0], errors);
  if (!query.point && query.wardId === null) throw new HttpError(400, 'Give lat and long, or a ward (with landmark words).', { lat: 'Give lat and long, or a ward (with landmark words).' });
  const [similar, settings] = await Promise.all([findSimilarGrievances(query), readSettings()]);
  return json({ distanceMetres: settings.similarDistanceMetres, days: SIMILAR_DAYS, similar }, 200, { 'cache-control': 'no-store' });
});
