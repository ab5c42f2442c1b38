import { endpoint, json, PUBLIC_TEXT_LIMIT, readJsonBody } from '../../../server/http';
import { loginSchema } from '../../../features/account/login.schema';
import { signIn } from '../../../server/auth/sign-in';
import { homeFor } from '../../../server/route-table';

export const POST = endpoint(async (context) => {
  const { email, password } = await loginSchema.validate(await readJsonBody(context.request, PUBLIC_TEXT_LIMIT), { abortEarly: false, stripUnknown: true });
  const { token, role, expiresAt } = await signIn(context, email, password);
  // home: where the sign-in form sends the person, from the one table of landings (homeFor).
  return json({ token, role, expiresAt: expiresAt.toISOString(), home: homeFor(role) });
});
