import { endpoint, json, PUBLIC_TEXT_LIMIT, readJsonBody } from '../../../server/http';
import { finishSignIn } from '../../../features/citizen/citizen-signin.server';

/**
 * POST {mobile, code}: a bearer token for the citizen's calls (Authorization: Bearer <token>) and when it
 * ends. No cookie is set: an app keeps the token; the site signs in through /my/signin.
 */
export const POST = endpoint(async (context) => {
  const body = await readJsonBody(context.request, PUBLIC_TEXT_LIMIT);
  const { token, expiresAt } = await finishSignIn(body.mobile, body.code);
  return json({ token, expiresAt: expiresAt.toISOString() });
});
