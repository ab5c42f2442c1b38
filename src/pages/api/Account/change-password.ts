import { endpoint, HttpError, json, readJsonBody } from '../../../server/http';
import { changePasswordSchema, WRONG_CURRENT_PASSWORD } from '../../../features/account/change-password.schema';
import { db, nowIso } from '../../../server/db';
import { recordAudit } from '../../../server/audit';
import { hashPassword, verifyPassword } from '../../../server/auth/password';
import { createSession, invalidateUserSessions } from '../../../server/auth/session';
import { sessionFromRequest, setSessionCookie } from '../../../server/auth/request-session';
import { clientAddress, servedOverHttps } from '../../../server/request-origin';
import { beginLoginAttempt } from '../../../server/auth/login-throttle';

/**
 * Changes the signed-in account's password. Every session of the account ends (a stolen one included),
 * and the caller gets a fresh session so they stay signed in: a new cookie, and the new token in the answer.
 */
export const POST = endpoint(async (context) => {
  const { request, cookies, url } = context;
  const { session, via } = await sessionFromRequest(request, cookies);
  if (!session) throw new HttpError(401, 'Please sign in.');
  const input = await changePasswordSchema.validate(await readJsonBody(request), { abortEarly: false, stripUnknown: true });

  // Guessing the current password through a borrowed session is throttled like guessing at sign-in.
  const source = { email: session.user.email, address: clientAddress(context) };
  const attempt = await beginLoginAttempt(source);
  const user = await db().selectFrom('app_user').select(['id', 'password_hash']).where('id', '=', session.user.id).executeTakeFirst();
  if (!user || !(await verifyPassword(input.currentPassword, user.password_hash))) {
    await attempt.failed();
    throw new HttpError(400, WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
  }
  await attempt.succeeded();
  const passwordHash = await hashPassword(input.newPassword);
  await db().transaction().execute(async (trx) => {
    await trx.updateTable('app_user').set({ password_hash: passwordHash, must_change_password: 0, password_chosen_at: nowIso() }).where('id', '=', user.id).execute();
    await invalidateUserSessions(user.id, trx);
    await recordAudit(trx, session.user, { action: 'change-password', entity: 'account', recordId: user.id, label: session.user.email });
  });

  const { token, expiresAt, absoluteExpiresAt } = await createSession({ ...session.user, mustChangePassword: false }, undefined, session.absoluteExpiresAt);
  if (via === 'cookie') setSessionCookie(cookies, token, absoluteExpiresAt, servedOverHttps(context));
  return json({ message: 'Password changed.', token, expiresAt: expiresAt.toISOString() });
});
