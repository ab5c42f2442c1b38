import { object, string, type InferType } from 'yup';
import { trimText } from '../shared/schema-helpers';

/** Shared by the sign-in form and POST /api/Account/login. */
export const loginSchema = object({
  email: string().transform(trimText).typeError('Send the email as text.').required('Email is required.').max(254, 'Email is too long.'),
  password: string().typeError('Send the password as text.').required('Password is required.').max(200, 'Password is too long.'),
});

export type LoginInput = InferType<typeof loginSchema>;
