import { object, ref, string, type InferType } from 'yup';

/** Shared by the account page's form and POST /api/Account/change-password. */
export const MIN_PASSWORD_LENGTH = 8;

export const changePasswordSchema = object({
  currentPassword: string().required('Enter your current password.').max(200, 'Password is too long.'),
  newPassword: string()
    .required('Enter a new password.')
    .min(MIN_PASSWORD_LENGTH, `The new password needs at least ${MIN_PASSWORD_LENGTH} characters.`)
    .max(200, 'Password is too long.'),
});

export type ChangePasswordInput = InferType<typeof changePasswordSchema>;

/** The form also asks for the new password twice; the server needs it once. */
export const changePasswordFormSchema = changePasswordSchema.shape({
  confirmPassword: string()
    .required('Type the new password again.')
    .oneOf([ref('newPassword')], 'The two new passwords differ.'),
});

export const WRONG_CURRENT_PASSWORD = 'The current password is not right.';
