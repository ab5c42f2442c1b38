import { endpoint, json } from '../../../server/http';

/**
 * How long the caller's session has left, read without counting as activity (the route table's
 * `idleUnchanged`): the screens' session watch asks before warning or signing out, since work in another tab
 * may have moved the idle end since this screen was rendered.
 */
export const GET = endpoint(async ({ locals }) => {
  const session = locals.session!;
  return json({ expiresAt: session.expiresAt.toISOString(), absoluteExpiresAt: session.absoluteExpiresAt.toISOString() });
});
