import { HttpError, endpoint, json } from '../../../server/http';
import { inlineWithinBudget, paging } from '../../../server/content/api';
import { mediaModeOf, toWire } from '../../../server/content/wire';
import { employeeType } from '../../../features/employee/employee.schema';
import { listEmployeesByDesignations } from '../../../features/employee/employee.server';

/**
 * GET ?designations=A&designations=B&home=Yes|All (docs/legacy-contract.md §4.2): the officials of those
 * designations, with home=Yes only those marked for the home page. Optional paging as on the other lists.
 */
export const GET = endpoint(async ({ url }) => {
  const designations = url.searchParams.getAll('designations').filter((d) => d.trim() !== '');
  if (designations.length === 0) {
    throw new HttpError(400, 'Say which designations to list: ?designations=Chairman&designations=Minister.', {
      designations: 'At least one designation is required.',
    });
  }
  const home = (url.searchParams.get('home') ?? 'All').trim().toLowerCase();
  if (home !== 'yes' && home !== 'all') {
    throw new HttpError(400, 'home must be Yes or All.', { home: 'home must be Yes or All.' });
  }

  const mode = mediaModeOf(url);
  const { limit, offset } = paging(url);
  const records = await listEmployeesByDesignations({ designations, homeOnly: home === 'yes' });
  const page = limit === undefined ? records : records.slice(offset, offset! + limit);
  const inlined = mode === 'base64' ? await inlineWithinBudget(page) : {};
  const headers: Record<string, string> = limit === undefined ? inlined : { ...inlined, 'x-total-count': String(records.length) };
  return json(page.map((record) => toWire(employeeType, record, mode)), 200, headers);
});
