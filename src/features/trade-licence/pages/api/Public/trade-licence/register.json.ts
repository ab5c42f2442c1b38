import { endpoint, json } from '../../../../../../server/http';
import { OPEN_DATA_MAX_ROWS, licenceRegister, registerFilterOf } from '../../../../register.server';

/**
 * GET /api/Public/trade-licence/register.json?q=&ward=: the licence register's public part as open data
 * (licence number, trade name, ward, category, trade type, validity, status), newest first. Nothing of the
 * owners: the query selects none of it.
 */
export const GET = endpoint(async ({ url }) => {
  const { total, entries } = await licenceRegister(registerFilterOf(url.searchParams), { limit: OPEN_DATA_MAX_ROWS, offset: 0 });
  return json({ total, licences: entries }, 200, { 'access-control-allow-origin': '*' });
});
