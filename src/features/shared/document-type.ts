import { object } from 'yup';
import { documentMessages, PAGED_LIST, typeBasics, titleAndDescriptionSearch, type ContentTypeDef, type FieldDef } from '../../lib/content-type';
import { dateText, longText, text } from './schema-helpers';

/**
 * Notices, circulars and office orders are one shape: a titled, dated document, the last two with a
 * department. This builds their declarations from what differs: names, prefix and messages.
 */
interface DocumentTypeOptions {
  path: string;
  partPrefix: string;
  /** Singular as a heading and in messages: 'Notice', 'Circular', 'Office Order'. */
  name: string;
  withDepartment: boolean;
  adminRoute: string;
  publicRoute: string;
  archive: ContentTypeDef['archive'];
  feed?: ContentTypeDef['feed'];
}

export function documentType(o: DocumentTypeOptions): ContentTypeDef {
  const fields: FieldDef[] = [
    { key: 'title', part: 'title', label: 'Title', input: 'text', required: true, listed: true, translatable: true },
    { key: 'description', part: 'Description', label: 'Description', input: 'textarea', listed: true, translatable: true },
  ];
  if (o.withDepartment) fields.push({ key: 'department', part: 'Department', label: 'Department', input: 'text', listed: true });
  fields.push({ key: 'issueDate', part: 'IssueDate', label: 'Issue Date', input: 'date', listed: true });

  return {
    ...typeBasics({ path: o.path, partPrefix: o.partPrefix, body: 'multipart', name: o.name }),
    fields,
    files: [
      {
        key: 'filePath',
       
        parts: ['DocumentFile'],
        base64Parts: ['DocumentFileBase64', 'DocumentFile', `${o.partPrefix}.FilePath`],
        label: 'Document',
        kind: 'document',
        required: 'create',
        requiredMessage: 'Document file is required!',
        listed: true,
      },
    ],
    schema: object({
      title: text(300).required('Title is a required field!'),
      description: longText(),
      department: text(200),
      issueDate: dateText(),
    }),
    messages: documentMessages(o.name, `No ${o.name} found.`),
    archive: o.archive,
    feed: o.feed,
    sitemapGroup: 'documents',
    search: titleAndDescriptionSearch({ date: { field: 'issueDate', kind: 'issued' }, opens: 'item', document: 'filePath' }),
    adminRoute: o.adminRoute,
    sidebarLabel: o.name,
    publicRoute: o.publicRoute,
    // The list, and one document's own page (documentPagePath).
    publicPages: { [o.publicRoute]: PAGED_LIST, [`${o.publicRoute}/[id]`]: {} },
  };
}


/** The English address of one document's own page: /notice/12, /circulars/3, /officeorder/7, /latestnews/5. */
export function documentPagePath(def: Pick<ContentTypeDef, 'publicRoute'>, id: number): string {
  return `${def.publicRoute}/${id}`;
}
