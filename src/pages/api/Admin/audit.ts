import { endpoint, HttpError, json } from '../../../server/http';
import { paging } from '../../../server/content/api';
import { listAudit } from '../../../server/audit';
import { auditQueryOf } from '../../../features/audit/audit-filter';
import { messages } from '../../../i18n/messages';

/**
 * GET /api/Admin/audit?page=&pageSize=&entity=&person=&from=&to=: the audit log, newest first (50 a page by
 * default), narrowed by kind of record, by the account that acted (its id) and by Indian days (YYYY-MM-DD or
 * dd/mm/yyyy, both ends included). A day that is no date is refused (400), never read as no limit.
 */
export const GET = endpoint(async ({ url }) => {
  const { limit = 50, offset = 0 } = paging(url);
  const { query, problems } = auditQueryOf(url.searchParams);
  if (problems.length > 0) {
    const t = messages('en').auditLog;
    throw new HttpError(400, t[problems[0]], Object.fromEntries(problems.map((p) => [p === 'badTo' ? 'to' : 'from', t[p]])));
  }
  const { total, entries } = await listAudit({ ...query, limit, offset });
  return json(entries, 200, { 'x-total-count': String(total) });
});
