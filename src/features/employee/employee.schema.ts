import { number, object } from 'yup';
import { standardMessages, typeBasics, type ContentTypeDef } from '../../lib/content-type';
import { dateText, text, yesNo } from '../shared/schema-helpers';

/** The designations the public site asks for, spelled as docs/legacy-contract.md §4.2 has them. */
export const HOME_DESIGNATIONS = ['Chief Minister', 'Minister', 'Principal Secretary', 'Chairman', 'Vice Chairman', 'Executive Officer'] as const;
export const STAFF_DESIGNATIONS = ['IT', 'Operators', 'Officers', 'Employees'] as const;
export const DESIGNATIONS = [...HOME_DESIGNATIONS, 'Ward Parshad', 'Standing Committee Members', ...STAFF_DESIGNATIONS] as const;

/**
 * The designations in Hindi. A designation is chosen from the list above, not written, so it is translated
 * once here rather than per person.
 */
export const DESIGNATIONS_HI: Readonly<Record<(typeof DESIGNATIONS)[number], string>> = {
  'Chief Minister': 'मुख्यमंत्री',
  Minister: 'मंत्री',
  'Principal Secretary': 'प्रधान सचिव',
  Chairman: 'अध्यक्ष',
  'Vice Chairman': 'उपाध्यक्ष',
  'Executive Officer': 'कार्यपालक पदाधिकारी',
  'Ward Parshad': 'वार्ड पार्षद',
  'Standing Committee Members': 'सशक्त स्थायी समिति सदस्य',
  IT: 'आईटी',
  Operators: 'ऑपरेटर',
  Officers: 'पदाधिकारी',
  Employees: 'कर्मचारी',
};

// One message per field, naming the field by its label; the wire names above stay as
// docs/legacy-contract.md §4.4 has them.
const NAME_REQUIRED = 'Name is required.';
const EMAIL_REQUIRED = 'Email address is required.';

export const employeeType: ContentTypeDef = {
  ...typeBasics({ path: 'minister-officer-employee', partPrefix: 'MinisterOfficerEmployee', body: 'multipart', name: 'Employee', heading: 'Minister Officer Employee' }),
  fields: [
    { key: 'name', part: 'Name', label: 'Name', input: 'text', required: true, listed: true, translatable: true },
    { key: 'designation', part: 'Designation', label: 'Designation', input: 'select', options: DESIGNATIONS, required: true, listed: true },
    { key: 'emailAddres', part: 'EmailAddres', label: 'Email address', input: 'email', required: true },
    { key: 'status', part: 'Status', label: 'Status', input: 'text' },
    { key: 'postRemarks', part: 'PostRemarks', label: 'Post / remarks', input: 'text', listed: true, translatable: true },
    { key: 'mobileNumber', part: 'MobileNumber', label: 'Mobile number', input: 'tel' },
    { key: 'landLineNumber', part: 'LandLineNumber', label: 'Telephone (landline)', input: 'tel' },
    { key: 'fromDate', part: 'FromDate', label: 'In office from', input: 'date' },
    { key: 'toDate', part: 'ToDate', label: 'In office until', input: 'date' },
    { key: 'serialNo', part: 'SerialNo', label: 'Order in lists', input: 'number' },
    { key: 'showHomePage', part: 'ShowHomePage', label: 'Show on the home page', input: 'checkbox' },
  ],
  files: [{ key: 'photoPath', parts: ['Photo'], base64Parts: ['MinisterOfficerEmployee.PhotoPath'], label: 'Photo', kind: 'image', listed: true }],
  schema: object({
    name: text(200).required(NAME_REQUIRED),
    designation: text(100).required('Designation is required.'),
    emailAddres: text(254).required(EMAIL_REQUIRED).email('Enter a valid email address.'),
    status: text(100),
    postRemarks: text(300),
    mobileNumber: text(20).matches(/^$|^[+\d][\d\s-]{5,19}$/, 'Enter a valid mobile number.'),
    landLineNumber: text(20).matches(/^$|^[+\d][\d\s-]{5,19}$/, 'Enter a valid telephone number.'),
    fromDate: dateText(),
    toDate: dateText(),
    serialNo: number()
      .transform((value: number, original: unknown) => (original === '' || original === null || original === undefined ? undefined : value))
      .typeError('Order in lists must be a whole number.')
      .integer('Order in lists must be a whole number.')
      .min(0, 'Order in lists must be a whole number.')
      .max(1_000_000, 'Order in lists is too large.')
      .optional(),
    showHomePage: yesNo(),
  }),
  messages: standardMessages({ name: 'Employee', noun: 'employee', emptyAdmin: 'No employee found.' }),
  sidebarLabel: 'Minister/Officer/Emp.',
  adminRoute: '/editministerofficeremp',
  publicRoute: '/employeelist',
  publicPages: { '/employeelist': {}, '/chairman': {}, '/executiveofficer': {}, '/wardparsad': {}, '/standingcommitee': {} },
  sitemapGroup: 'about',
};
