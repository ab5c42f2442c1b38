import { endpoint, HttpError, json, readJsonBody } from '../../../server/http';
import { changePasswordSchema, WRONG_CURRENT_PASSWORD } from '../../../features/account/change-password.schema';
import { db } from '../../../server/db';
import { hashPassword, verifyPassword } from '../../../server/auth/password';
import { createSession, invalidateUserSessions } from '../../../server/auth/session';
import { sessionFromRequest, setSessionCookie } from '../../../server/auth/request-session';

/**
 * Changes the signed-in account's password. Every session of the account ends (a stolen one included),
 * and the caller gets a fresh session so they stay signed in: a new cookie, and the new token in the answer.
 */
export const POST = endpoint(async ({ request, cookies, url }) => {
  const { session, via } = await sessionFromRequest(request, cookies);
  if (!session) throw new HttpError(401, 'Please sign in.');
  const input = await changePasswordSchema.validate(await readJsonBody(request), { abortEarly: false, stripUnknown: true });

  const user = await db().selectFrom('app_user').select(['id', 'password_hash']).where('id', '=', session.user.id).executeTakeFirst();
  if (!user || !(await verifyPassword(input.currentPassword, user.password_hash))) {
    throw new HttpError(400, WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
  }
  await db().updateTable('app_user').set({ password_hash: await hashPassword(input.newPassword) }).where('id', '=', user.id).execute();
  await invalidateUserSessions(user.id);

  const { token, expiresAt } = await createSession(session.user);
  if (via === 'cookie') setSessionCookie(cookies, token, expiresAt, url.protocol === 'https:');
  return json({ message: 'Password changed.', token, expiresAt: expiresAt.toISOString() });
});
