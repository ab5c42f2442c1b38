import { documentType } from '../shared/document-type';

export const circularType = documentType({
  path: 'circular', partPrefix: 'Circular', name: 'Circular', withDepartment: true,
  adminRoute: '/editcircular', publicRoute: '/circulars',
  archive: { slug: 'circulars', liveHref: '/circulars', validityDays: 365 },
});
