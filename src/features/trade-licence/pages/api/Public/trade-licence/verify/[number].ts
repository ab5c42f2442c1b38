import { endpoint, HttpError, json } from '../../../../../../../server/http';
import { publicLicence } from '../../../../../licence.server';

/** GET /api/Public/trade-licence/verify/{licence number}: valid, expired or cancelled, and the trade's public facts only. */
export const GET = endpoint(async ({ params }) => {
  const licence = await publicLicence(String(params.number ?? '').toUpperCase().slice(0, 40));
  if (!licence) throw new HttpError(404, 'No licence has this number.');
  return json(licence);
});
