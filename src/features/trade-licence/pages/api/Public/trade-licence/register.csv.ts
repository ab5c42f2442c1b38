import { endpoint } from '../../../../../../server/http';
import { OPEN_DATA_MAX_ROWS, licenceRegister, registerCsv, registerFilterOf } from '../../../../register.server';

/** GET /api/Public/trade-licence/register.csv?q=&ward=: the same register as register.json, one licence a line. */
export const GET = endpoint(async ({ url }) => {
  const { entries } = await licenceRegister(registerFilterOf(url.searchParams), { limit: OPEN_DATA_MAX_ROWS, offset: 0 });
  return new Response(registerCsv(entries), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="trade-licence-register.csv"',
      'cache-control': 'no-store',
      'access-control-allow-origin': '*',
    },
  });
});
