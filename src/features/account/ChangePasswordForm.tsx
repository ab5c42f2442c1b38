import { useFormik } from 'formik';
import { showDialog } from '../../stores/dialog';
import { setSessionExpiry, signInAgain } from '../../stores/session';
import { changePasswordFormSchema } from './change-password.schema';
import AccountField from './AccountField';
import { postJson } from '../../components/admin/post-json';
import { useHydrated } from '../../components/admin/edit-form';

/** The account page's password change. The server renews the session, so the expiry timer starts again. */
const FIELDS = [
  { key: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { key: 'newPassword', label: 'New password (at least 8 characters)', autoComplete: 'new-password' },
  { key: 'confirmPassword', label: 'New password again', autoComplete: 'new-password' },
] as const;

type Values = Record<(typeof FIELDS)[number]['key'], string>;

export default function ChangePasswordForm() {
  // A press before the script has taken over would send nothing and lose the typing: the button waits for it.
  const hydrated = useHydrated();
  const formik = useFormik<Values>({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validationSchema: changePasswordFormSchema,
    onSubmit: async ({ currentPassword, newPassword }, helpers) => {
      const res = await postJson('/api/Account/change-password', { currentPassword, newPassword });
      if (!res) {
        showDialog('Error', 'The server could not be reached. The password was not changed.', 'error');
        return;
      }
      if (res.status === 401) return signInAgain();
      const body = (res.answer ?? {}) as { message?: string; errors?: Record<string, string>; expiresAt?: string };
      if (!res.ok) {
        if (body.errors) helpers.setErrors(body.errors);
        showDialog('Error', body.message ?? 'The password was not changed.', 'error');
        return;
      }
      if (body.expiresAt) setSessionExpiry(body.expiresAt);
      helpers.resetForm();
      showDialog('Success', 'Password changed. Every other sign-in of this account has been ended.', 'success');
    },
  });

  return (
    <form className="password-form" noValidate onSubmit={formik.handleSubmit}>
      {FIELDS.map(({ key, label, autoComplete }) => {
        const error = formik.touched[key] || formik.submitCount > 0 ? formik.errors[key] : undefined;
        return (
          <AccountField key={key} id={`account-${key}`} name={key} label={label} type="password" autoComplete={autoComplete} value={formik.values[key]}
            error={error} onChange={formik.handleChange} onBlur={formik.handleBlur} />
        );
      })}
      <div>
        <button type="submit" className="btn btn-primary" disabled={!hydrated || formik.isSubmitting}>Change password</button>
      </div>
    </form>
  );
}
