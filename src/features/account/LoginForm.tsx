import { useFormik } from 'formik';
import { useState } from 'react';
import { loginSchema, type LoginInput } from './login.schema';
import { INVALID_LOGIN_MESSAGE } from '../../lib/login-refusal';
import AccountField from './AccountField';
import { postJson } from '../../components/admin/post-json';

/**
 * The staff sign-in form (docs/legacy-contract.md §1, §3.11). The server sets the session cookie; the answer's role
 * says where to go: admin to the dashboard, user to the user dashboard, anything else is refused.
 */
export interface LoginFormProps {
  /** A same-site path to return to, already checked by the page. */
  next?: string | null;
  /** The previous session ran out. */
  expired?: boolean;
  /** Why a sign-in the server received as a plain form was refused. */
  initialFailure?: string | null;
  /** The email of that refused sign-in, so it need not be typed again. */
  initialEmail?: string;
}

export default function LoginForm({ next, expired, initialFailure = null, initialEmail = '' }: LoginFormProps) {
  const [failure, setFailure] = useState<string | null>(initialFailure);

  const formik = useFormik<LoginInput>({
    initialValues: { email: initialEmail, password: '' },
    validationSchema: loginSchema,
    onSubmit: async (values, helpers) => {
      setFailure(null);
      const res = await postJson('/api/Account/login', values);
      if (!res) {
        setFailure('The server could not be reached. Check the connection and try again.');
        return;
      }
      const body = (res.answer ?? {}) as { role?: unknown; home?: unknown; message?: unknown; errors?: Record<string, string> };
      if (!res.ok) {
        if (body.errors) helpers.setErrors(body.errors);
        setFailure(typeof body.message === 'string' ? body.message : INVALID_LOGIN_MESSAGE);
        return;
      }
      const role = String(body.role ?? '');
      // The server names the person's landing (homeFor in src/server/route-table.ts); a same-site path only.
      const home = typeof body.home === 'string' && /^\/(?!\/)/.test(body.home) ? body.home : null;
      if (!home) {
        // A role this site has no screens for: end the session it just opened.
        await fetch('/api/Account/logout', { method: 'POST', credentials: 'same-origin' }).catch(() => undefined);
        setFailure(`Unknown role: ${role}`);
        return;
      }
      window.location.assign(next || home);
    },
  });

  const fieldError = (key: keyof LoginInput) => (formik.touched[key] || formik.submitCount > 0 ? formik.errors[key] : undefined);

  return (
    // method and action serve a form sent before this script has loaded: never a GET, which would put the
    // password in the address.
    <form className="login-form" method="post" action={next ? `/login?next=${encodeURIComponent(next)}` : '/login'} noValidate onSubmit={formik.handleSubmit}>
      {expired && !failure && (
        <p className="login-notice" role="status">Your session has ended. Please sign in again.</p>
      )}
      {failure && <p className="login-error" role="alert">{failure}</p>}
      <AccountField id="login-email" name="email" label="Email" type="email" autoComplete="username" value={formik.values.email}
        error={fieldError('email')} onChange={formik.handleChange} onBlur={formik.handleBlur} />
      <AccountField id="login-password" name="password" label="Password" type="password" autoComplete="current-password" value={formik.values.password}
        error={fieldError('password')} onChange={formik.handleChange} onBlur={formik.handleBlur} />
      <button type="submit" className="btn btn-primary btn-block" disabled={formik.isSubmitting}>
        {formik.isSubmitting ? 'Signing in…' : 'Login'}
      </button>
    </form>
  );
}
