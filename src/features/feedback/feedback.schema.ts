import { object, string, type InferType } from 'yup';
import { text } from '../shared/schema-helpers';
import type { Messages } from '../../i18n/messages';

/**
 * The public feedback form (GIGW): who writes (a name; an email only if they want an answer), and what.
 * Built from the page's catalogue, so each field's refusal is said in the language of the page.
 */
export function feedbackSchema(m: Messages['feedback']) {
  const field = (max: number) => text(max).typeError(m.notText).max(max, m.tooLong(max));
  return object({
    name: field(100).required(m.nameRequired),
    email: string()
      .transform((value: unknown) => (typeof value === 'string' ? value.trim() : value))
      .typeError(m.notText)
      .max(254, m.tooLong(254))
      .email(m.emailInvalid)
      .default(''),
    subject: field(150).required(m.subjectRequired),
    message: field(2000).required(m.messageRequired),
  });
}

export type FeedbackInput = InferType<ReturnType<typeof feedbackSchema>>;

export const FEEDBACK_FIELDS = ['name', 'email', 'subject', 'message'] as const;
