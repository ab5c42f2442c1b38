import { storedNames } from '../../stored-names';
/** The lists of documents: notices, circulars, office orders, latest news; their table, pages and files. */
export const documents = {
  /** The usual departments in the page's language, by their English name in lower case; others show as typed. */
  departmentNames: storedNames({}),
  notice: { title: 'Notices', kind: 'notice', empty: 'No notice entries found.' },
  circulars: { title: 'Circulars', kind: 'circular', empty: 'No circular entries found.' },
  officeOrder: { title: 'Office Orders', kind: 'Office Order', empty: 'No Office Order entries found.' },
  latestNews: { title: 'Latest News', kind: 'latest news', empty: 'No latest news entries found.' },
  failed: (kind: string) => `An error occurred while fetching the ${kind} data.`,
  archiveLink: 'Looking for something older? See the',
  archiveLinkEnd: '.',
  newestFirst: (title: string) => `${title}, newest first`,
  number: '#',
  title: 'Title',
  description: 'Description',
  department: 'Department',
  issueDate: 'Issue Date',
  file: 'File',
  download: 'Download Document',
  noDocument: 'No Document',
  breadcrumb: 'Back to the list',
  published: 'Put on the site',
  notGiven: 'Not given',
};
