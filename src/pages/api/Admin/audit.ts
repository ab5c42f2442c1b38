import { endpoint, json } from '../../../server/http';
import { paging } from '../../../server/content/api';
import { listAudit } from '../../../server/audit';

/** GET /api/Admin/audit?page=&pageSize=&entity=: the audit log, newest first (50 a page by default). */
export const GET = endpoint(async ({ url }) => {
  const { limit = 50, offset = 0 } = paging(url);
  const entity = url.searchParams.get('entity') || undefined;
  const { total, entries } = await listAudit({ entity, limit, offset });
  return json(entries, 200, { 'x-total-count': String(total) });
});
