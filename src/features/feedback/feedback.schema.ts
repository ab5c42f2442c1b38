import { object, string, type InferType } from 'yup';
import { text } from '../shared/schema-helpers';

/** The public feedback form (GIGW): who writes (a name; an email only if they want an answer), and what. */
export const feedbackSchema = object({
  name: text(100).required('Please enter your name.'),
  email: string()
    .transform((value: unknown) => (typeof value === 'string' ? value.trim() : value))
    .typeError('Send this as text.')
    .max(254, 'Keep this under 254 characters.')
    .email('Enter an email address such as name@example.com, or leave it empty.')
    .default(''),
  subject: text(150).required('Please say what your feedback is about.'),
  message: text(2000).required('Please write your feedback.'),
});

export type FeedbackInput = InferType<typeof feedbackSchema>;

export const FEEDBACK_FIELDS = ['name', 'email', 'subject', 'message'] as const;
