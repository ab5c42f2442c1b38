import { number, object, string, type InferType } from 'yup';
import { parseMobile } from './grievance-workflow';
import { REFUSAL } from '../../i18n/refusals';

/**
 * What a citizen sends to lodge a grievance, checked the same way for the public form and Open311.
 * Browser-safe. Category and ward are ids from the lists the form offers; the endpoint checks they exist.
 */
/** The fields in the order the lodging form shows them (LodgeFields.astro), for its error summary. */
export const LODGE_FIELD_ORDER = ['category', 'ward', 'address', 'landmark', 'description', 'suggestion', 'photos', 'name', 'mobile', 'email'] as const;
export const LODGE_LIMITS = { address: 300, landmark: 200, description: 2000, suggestion: 1000, name: 100, email: 254 } as const;

const trimmed = (max: number, label: string) => string().default('').trim().max(max, `${label} can be at most ${max} characters.`);

export const lodgeSchema = object({
  category: number().typeError(REFUSAL.chooseCategory).required(REFUSAL.chooseCategory).integer(REFUSAL.chooseCategory).positive(REFUSAL.chooseCategory),
  ward: number().typeError(REFUSAL.chooseWard).required(REFUSAL.chooseWard).integer(REFUSAL.chooseWard).positive(REFUSAL.chooseWard),
  address: trimmed(LODGE_LIMITS.address, 'The address').required(REFUSAL.sayWhere),
  landmark: trimmed(LODGE_LIMITS.landmark, 'The landmark'),
  description: trimmed(LODGE_LIMITS.description, 'The description').required(REFUSAL.describeProblem).min(10, REFUSAL.describeInWords),
  /** What the citizen suggests be done: asked at the counter, shown to the officer. */
  suggestion: trimmed(LODGE_LIMITS.suggestion, 'The suggestion'),
  name: trimmed(LODGE_LIMITS.name, 'Your name').required(REFUSAL.giveName),
  mobile: string()
    .default('')
    .trim()
    .required(REFUSAL.giveMobile)
    .test('mobile', REFUSAL.badMobile, (value) => parseMobile(value) !== null)
    .transform((value) => parseMobile(value) ?? value),
  email: trimmed(LODGE_LIMITS.email, 'The email address').email(REFUSAL.badEmail),
});

export type LodgeValues = InferType<typeof lodgeSchema>;

export const trackSchema = object({
  number: string().default('').trim().required(REFUSAL.giveNumber),
  mobile: string().default('').trim().required(REFUSAL.giveLodgingMobile),
});
