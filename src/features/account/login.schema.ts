import { object, string, type InferType } from 'yup';

/** Shared by the sign-in form and POST /api/Account/login. */
export const loginSchema = object({
  email: string().trim().required('Email is required.').max(254, 'Email is too long.'),
  password: string().required('Password is required.').max(200, 'Password is too long.'),
});

export type LoginInput = InferType<typeof loginSchema>;

export const INVALID_LOGIN_MESSAGE = 'Invalid email or password';
