import { documentType } from '../shared/document-type';

export const noticeType = documentType({
  path: 'notice', partPrefix: 'Notice', name: 'Notice', withDepartment: false,
  adminRoute: '/editnotice', publicRoute: '/notice',
  archive: { slug: 'notice', liveHref: '/notice', validityDays: 90 },
  feed: { name: 'notice' },
});
