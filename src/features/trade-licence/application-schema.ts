import { array, boolean, number, object, string } from 'yup';

/**
 * A trade licence application as the kernel keeps it (its service data), checked when lodged: the seed
 * form's fields with real formats (PAN, GSTIN, pincode, dates), one to five owners. Browser-safe. Messages
 * are English sentences the pages translate (src/i18n's tradeLicence.errors) by their field.
 */
export const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
/** A GSTIN: state code, the PAN, the entity number, 'Z', a check character. */
export const GSTIN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
export const PINCODE = /^[1-9][0-9]{5}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (value: string | undefined) => !value || (ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value));

export const STRUCTURE_TYPES = ['immovable', 'movable'] as const;
export const STRUCTURE_SUB_TYPES = ['pucca', 'semi-pucca', 'kutcha', 'cart'] as const;
export const TRADE_CATEGORIES = ['Manufacturing', 'Retail', 'Service'] as const;
export const RELATIONSHIPS = ['Father', 'Husband'] as const;
export const GENDERS = ['Male', 'Female', 'Other'] as const;
export const SPECIAL_CATEGORIES = ['None', 'Woman', 'Senior Citizen', 'Person with Disability', 'Scheduled Caste / Scheduled Tribe', 'Ex-serviceman'] as const;
export const MAX_OWNERS = 3;

const date = (message: string) => string().trim().required(message).test('date', message, isRealDate);

export const ownerSchema = object({
  name: string().trim().required("Enter the owner's name.").max(100),
  guardianName: string().trim().required("Enter the father's or husband's name.").max(100),
  relationship: string().required('Choose the relationship.').oneOf([...RELATIONSHIPS], 'Choose the relationship.'),
  gender: string().required('Choose the gender.').oneOf([...GENDERS], 'Choose the gender.'),
  dateOfBirth: date('Enter the date of birth as a date.'),
  mobile: string().trim().default('').matches(/^$|^[6-9][0-9]{9}$/, 'Enter a ten-digit mobile number.'),
  email: string().trim().default('').max(200).email('Enter a valid email address.'),
  /** Optional: a small trader may have none; when given, it must read as a PAN. */
  pan: string().trim().uppercase().default('').matches(/^$|^[A-Z]{5}[0-9]{4}[A-Z]$/, 'Enter the PAN as on the card: five letters, four digits, a letter.'),
  specialCategory: string().default('None').oneOf([...SPECIAL_CATEGORIES], 'Choose a category from the list.'),
});

export const applicationSchema = object({
  financialYear: string().required('Choose the financial year.').matches(/^\d{4}-\d{2}$/, 'Choose the financial year.'),
  licenceType: string().required('Choose new or renewal.').oneOf(['new', 'renewal'], 'Choose new or renewal.'),
  oldLicenceNumber: string()
    .trim()
    .uppercase()
    .default('')
    .when('licenceType', { is: 'renewal', then: (s) => s.required('Enter the licence number being renewed.') }),
  /** A renewal whose trade, place and owners are as on the old licence: no new inspection. */
  unchanged: boolean().default(false),
  /** A renewal's answers that differ from the old licence's (src/features/trade-licence/applications.server.ts). */
  renewalChanges: array(string().required()).default([]),
  tradeName: string().trim().required('Enter the trade name.').max(120),
  structureType: string().required('Choose the structure type.').oneOf([...STRUCTURE_TYPES], 'Choose the structure type.'),
  structureSubType: string().required('Choose the structure sub type.').oneOf([...STRUCTURE_SUB_TYPES], 'Choose the structure sub type.'),
  commencementDate: date('Enter the date the trade began as a date.'),
  gstNo: string().trim().uppercase().default('').matches(/^$|^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'Enter the GST number as registered: 15 characters.'),
  areaSqft: number().typeError('Enter the area in whole square feet.').required('Enter the area in whole square feet.').integer('Enter the area in whole square feet.').min(1, 'Enter the area in whole square feet.').max(1_000_000, 'The area is too large.'),
  employees: number().typeError('Enter the number of employees.').required('Enter the number of employees.').integer('Enter the number of employees.').min(0, 'Enter the number of employees.').max(100_000, 'Enter the number of employees.'),
  tradeCategory: string().required('Choose the trade category.').oneOf([...TRADE_CATEGORIES], 'Choose the trade category.'),
  tradeType: string().required('Choose the trade type.').max(40),
  /**
   * The seed form's trade "sub type" and cantonment: no longer asked on the form (the trade type's list says
   * what the trade is, and the council's area has no cantonment), still taken from API clients that send them.
   */
  tradeSubType: string().trim().default('').max(80),
  cantonment: string().trim().default('').max(80),
  wardId: number().typeError('Choose the ward.').required('Choose the ward.').integer().min(1, 'Choose the ward.'),
  doorNo: string().trim().required('Enter the door or house number.').max(40),
  buildingName: string().trim().default('').max(100),
  road: string().trim().required('Enter the road.').max(100),
  locality: string().trim().required('Enter the locality.').max(100),
  pincode: string().trim().required('Enter the pincode.').matches(PINCODE, 'Enter the six-digit pincode.'),
  owners: array(ownerSchema).required().min(1, 'Enter at least one owner.').max(MAX_OWNERS, `At most ${MAX_OWNERS} owners.`),
  correspondenceAddress: string().trim().required('Enter the correspondence address.').max(500),
  /** The checklist's codes, in the order the files were sent (set by the server, not the applicant). */
  documentCodes: array(string().required()).default([]),
  /** The fee the applicant was shown, in paise: billed only if it is still the fee. */
  feePaise: number().integer().min(0).required('Work out the fee first: it is shown before you apply.'),
  licenceNumber: string().optional(),
  validFrom: string().optional(),
  validUntil: string().optional(),
});

export type Application = ReturnType<typeof applicationSchema.validateSync>;
export type Owner = Application['owners'][number];
