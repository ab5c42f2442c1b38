import { documentType } from '../shared/document-type';

// SPEC.md's office order screen borrows the circular's words ('OfficerOrder', 'circular'); ours says what it is.
export const officeOrderType = documentType({
  path: 'officeorder', partPrefix: 'OfficeOrder', name: 'Office Order', withDepartment: true,
  adminRoute: '/editofficeorder', publicRoute: '/officeorder',
  archive: { slug: 'officeorder', liveHref: '/officeorder', validityDays: 365 },
});
