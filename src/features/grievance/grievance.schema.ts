import { number, object, string, type InferType } from 'yup';
import { parseMobile } from './grievance-workflow';

/**
 * What a citizen sends to lodge a grievance, checked the same way for the public form and Open311.
 * Browser-safe. Category and ward are ids from the lists the form offers; the endpoint checks they exist.
 */
/** The fields in the order the lodging form shows them (LodgeFields.astro), for its error summary. */
export const LODGE_FIELD_ORDER = ['category', 'ward', 'address', 'landmark', 'description', 'suggestion', 'photos', 'name', 'mobile', 'email'] as const;
export const LODGE_LIMITS = { address: 300, landmark: 200, description: 2000, suggestion: 1000, name: 100, email: 254 } as const;

const trimmed = (max: number, label: string) => string().default('').trim().max(max, `${label} can be at most ${max} characters.`);

export const lodgeSchema = object({
  category: number().typeError('Choose a category.').required('Choose a category.').integer('Choose a category.').positive('Choose a category.'),
  ward: number().typeError('Choose your ward.').required('Choose your ward.').integer('Choose your ward.').positive('Choose your ward.'),
  address: trimmed(LODGE_LIMITS.address, 'The address').required('Say where the problem is.'),
  landmark: trimmed(LODGE_LIMITS.landmark, 'The landmark'),
  description: trimmed(LODGE_LIMITS.description, 'The description').required('Describe the problem.').min(10, 'Describe the problem in a few words (at least 10 characters).'),
  /** What the citizen suggests be done: asked at the counter, shown to the officer. */
  suggestion: trimmed(LODGE_LIMITS.suggestion, 'The suggestion'),
  name: trimmed(LODGE_LIMITS.name, 'Your name').required('Give your name.'),
  mobile: string()
    .default('')
    .trim()
    .required('Give your mobile number.')
    .test('mobile', 'Give a 10-digit Indian mobile number.', (value) => parseMobile(value) !== null)
    .transform((value) => parseMobile(value) ?? value),
  email: trimmed(LODGE_LIMITS.email, 'The email address').email('Give a valid email address, or leave it empty.'),
});

export type LodgeValues = InferType<typeof lodgeSchema>;

export const trackSchema = object({
  number: string().default('').trim().required('Give the complaint number.'),
  mobile: string().default('').trim().required('Give the mobile number you lodged it with.'),
});
