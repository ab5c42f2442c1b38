import { object } from 'yup';
import { documentMessages, typeBasics, PAGED_LIST, type ContentTypeDef, type FieldDef, type FileSlotDef } from '../../lib/content-type';
import { dateText, isRealDay, longText, text } from '../shared/schema-helpers';

/**
 * The field's label, as the form shows it, plus ' is required.' (the old form shouted the wire name:
 * docs/legacy-contract.md §7.1).
 */
const required = (label: string) => `${label} is required.`;

export const TENDER_SLOTS = [1, 2, 3, 4, 5] as const;
/** The wire name of slot n's document and title: tender_document, tender_document_2, …; tender_title, tender_title_2, … */
export const slotSuffix = (slot: number) => (slot === 1 ? '' : `_${slot}`);

const extraTitles: FieldDef[] = TENDER_SLOTS.slice(1).map((slot) => ({
  key: `tender_title_${slot}`,
  part: `tender_title_${slot}`,
  label: `Tender Title ${slot}`,
  input: 'text',
  listed: true,
}));

const documents: FileSlotDef[] = TENDER_SLOTS.map((slot) => ({
  key: `tender_document${slotSuffix(slot)}`,
  // Our admin names each slot; the old client's slot-less 'file' parts are spread by sharedFileParts.
  parts: [`Tender.tender_document${slotSuffix(slot)}`],
  base64Parts: [`Tender.tender_document${slotSuffix(slot)}`],
  label: `Document ${slot}`,
  kind: 'document',
  listed: true,
  ...(slot === 1 ? { required: 'create' as const, requiredMessage: 'Tender document is required!' } : {}),
}));

/**
 * The statuses the public pages name (in Hindi too: tenders.statusNames). The wire keeps status as free text,
 * as the old system stored it, so the form offers these and keeps any other stored value as it is. Which list
 * a tender is on (Active or Past) follows its closing date and time, not its status.
 */
export const TENDER_STATUSES = ['Active', 'Open', 'Extended', 'Closed', 'Cancelled', 'Awarded'] as const;

export const tenderType: ContentTypeDef = {
  ...typeBasics({ path: 'tender', partPrefix: 'Tender', body: 'multipart', name: 'Tender', createdKey: 'created_date' }),
  fields: [
    { key: 'tender_no', part: 'tender_no', label: 'Tender number', input: 'text', required: true, listed: true },
    { key: 'tender_title', part: 'tender_title', label: 'Tender Title', input: 'text', required: true, listed: true, translatable: true },
    { key: 'tender_discreption', part: 'tender_discreption', label: 'Description', input: 'textarea', listed: true, translatable: true },
    { key: 'publish_date', part: 'publish_date', label: 'Publish Date', input: 'date', required: true, listed: true },
    { key: 'last_date_of_submission', part: 'last_date_of_submission', label: 'Last Date of Submission', input: 'date', required: true, listed: true },
    { key: 'last_date_of_submission_time', part: 'last_date_of_submission_time', label: 'Closing time', input: 'time', listed: true },
    ...extraTitles,
    {
      key: 'status', part: 'status', label: 'Status', input: 'select', options: TENDER_STATUSES, required: true, listed: true,
      hint: 'Shown on the tender\'s page. Whether it is listed as active or past follows the last date and time of submission.',
    },
  ],
  files: documents,
  // Each extra document beside its title: the form once listed Titles 2–5 far above Documents 2–5.
  fieldsets: TENDER_SLOTS.slice(1).map((slot) => ({ legend: `Document ${slot} and its title`, keys: [`tender_title_${slot}`, `tender_document_${slot}`] })),
  sharedFileParts: ['file', 'DocumentFileBase64'],
  schema: object({
    tender_no: text(100).required(required('Tender number')),
    tender_title: text(300).required(required('Tender title')),
    tender_discreption: longText(),
    publish_date: dateText().required(required('Publish date')),
    last_date_of_submission: dateText()
      .required(required('Last date of submission'))
      // Compared only when both are real days: a date that is not one has its own message, and a second
      // message comparing with it would be wrong.
      .test('after-publish', 'The last date of submission cannot be before the publish date.', function (value) {
        const publish: unknown = this.parent.publish_date;
        return !isRealDay(value) || !isRealDay(publish) || value >= publish;
      }),
    last_date_of_submission_time: text(5).matches(/^$|^([01]\d|2[0-3]):[0-5]\d$/, 'Enter the time as HH:mm.'),
    tender_title_2: text(300),
    tender_title_3: text(300),
    tender_title_4: text(300),
    tender_title_5: text(300),
    status: text(50).required(required('Status')),
  }),
  messages: documentMessages('Tender', 'No Tender found.'),
  // No validity in days: a tender leaves the live list at its closing.
  archive: { slug: 'tender', liveHref: '/currenttender' },
  // Found by its number as well as its title: 'Road repair (NP/PWD/2026/001)'.
  search: {
    title: (text) => (text('tender_no') && text('tender_title') ? `${text('tender_title')} (${text('tender_no')})` : text('tender_title')),
    body: (text) => text('tender_discreption'),
    date: { field: 'publish_date', kind: 'published' },
    opens: (id) => `/tender-details?id=${id}`,
  },
  sidebarLabel: 'Tender',
  adminRoute: '/edittender',
  publicRoute: '/currenttender',
  publicPages: { '/currenttender': PAGED_LIST, '/pasttender': PAGED_LIST, '/tender-details': { query: ['id'] } },
  sitemapGroup: 'tenders',
  feed: { name: 'tender' },
};
