import { endpoint, HttpError, json, readJsonBody } from '../../../server/http';
import { loginSchema, INVALID_LOGIN_MESSAGE } from '../../../features/account/login.schema';
import { authenticate } from '../../../server/auth/users';
import { createSession } from '../../../server/auth/session';
import { setSessionCookie } from '../../../server/auth/request-session';

export const POST = endpoint(async ({ request, cookies, url }) => {
  const { email, password } = await loginSchema.validate(await readJsonBody(request), { abortEarly: false, stripUnknown: true });
  const user = await authenticate(email, password);
  if (!user) throw new HttpError(401, INVALID_LOGIN_MESSAGE);
  const { token, expiresAt } = await createSession({ id: user.id, email: user.email, role: user.role });
  // The back office pages use the same session through an HttpOnly cookie; API clients use the token.
  setSessionCookie(cookies, token, expiresAt, url.protocol === 'https:');
  return json({ token, role: user.role, expiresAt: expiresAt.toISOString() });
});
