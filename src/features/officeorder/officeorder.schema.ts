import { documentType } from '../shared/document-type';

// The old office order screen borrows the circular's words ('OfficerOrder', 'circular'; docs/legacy-contract.md
// §7.3); ours says what it is.
export const officeOrderType = documentType({
  path: 'officeorder', partPrefix: 'OfficeOrder', name: 'Office Order', withDepartment: true,
  adminRoute: '/editofficeorder', publicRoute: '/officeorder',
  archive: { slug: 'officeorder', liveHref: '/officeorder', validityDays: 365 },
});
