import type http from 'node:http';
import { array, mixed, object, string } from 'yup';
import { asHttpError, errorResponse, HttpError, json } from '../http';
import { readConfig } from '../config';
import { nowIso } from '../db';
import { wallClock } from '../clock';
import { SECURITY_HEADERS } from '../security-headers';
import { crossSiteRefusal, type RequestClient } from '../request-origin';
import { decoyPasswordHash, verifyPassword } from '../auth/password';
import { generateSessionToken, sessionIdFromToken } from '../auth/session';
import { signToken, verifyToken } from '../auth/token';
import { stateSigningSecret } from '../auth/secret';
import type { Role } from '../db-schema';
import { platformDb } from './platform';
import { councilById, listCouncils, refreshCouncils, type CouncilRecord } from './registry';
import { createCouncil, CouncilSetupError, hostNames } from './setup';

/**
 * The state's calls, answered on STATE_HOST only (the Node entry sends nothing else there): a state
 * administrator signs in with the same kind of token as a council's staff, signed with the state's own key
 * and backed by a session in the platform database, so that no council's token opens these calls and no state
 * token opens a council's. Every call that changes something, and every sign-in, is in the state audit log.
 */
const BODY_LIMIT = 64 * 1024;
/** Failed sign-ins an address may make in WINDOW_MS before it is refused (each attempt is counted as it begins). */
const MAX_ATTEMPTS = 10;
const WINDOW_MS = 15 * 60_000;
const REFUSED_LOGIN = 'The email or password is not right.';

const loginSchema = object({
  email: string().trim().typeError('Send the email as text.').required('Email is required.').max(254, 'Email is too long.'),
  password: string().typeError('Send the password as text.').required('Password is required.').max(200, 'Password is too long.'),
});

const hostsSchema = array(string().typeError('Each host name is text.').required().max(253, 'A host name is at most 253 characters.'))
  .typeError('Send the host names as a list.')
  .max(20, 'A council has at most 20 host names.');

const newCouncilSchema = object({
  name: string().trim().typeError('Send the name as text.').required('The council\'s name is required.').max(200, 'The name is too long.'),
  nameHindi: string().trim().typeError('Send the Hindi name as text.').required('The council\'s name in Hindi is required.').max(200, 'The Hindi name is too long.'),
  shortName: string().trim().typeError('Send the short name as text.').required('A short name is required.').max(12, 'The short name is at most 12 characters.'),
  hosts: hostsSchema.required('Give the council at least one host name.').min(1, 'Give the council at least one host name.'),
  adminEmail: string().trim().typeError('Send the email as text.').required('The first admin\'s email is required.').email('The first admin\'s email is not an email address.').max(254, 'Email is too long.'),
  adminPassword: string().typeError('Send the password as text.').required('The first admin\'s password is required.').min(12, 'The first admin\'s password must be at least 12 characters.').max(200, 'Password is too long.'),
});

const changeSchema = object({
  hosts: hostsSchema.optional().min(1, 'A council keeps at least one host name.'),
  status: mixed<'active' | 'disabled'>().oneOf(['active', 'disabled'], 'The status is active or disabled.').optional(),
});

interface StateAdmin {
  id: number;
  email: string;
}

function councilAnswer(council: CouncilRecord) {
  const { id, slug, name, nameHindi, shortName, status, hosts } = council;
  return { id, slug, name, nameHindi, shortName, status, hosts };
}

async function audit(admin: string, action: string, address: string, councilId: number | null, detail: unknown): Promise<void> {
  await platformDb().insertInto('state_audit').values({ at: nowIso(), admin_email: admin, action, address, council_id: councilId, detail: JSON.stringify(detail) }).execute();
}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  if (!(req.headers['content-type'] ?? '').toLowerCase().startsWith('application/json')) throw new HttpError(415, 'Send the body as JSON (Content-Type: application/json).');
  if (Number(req.headers['content-length'] ?? 0) > BODY_LIMIT) throw new HttpError(413, 'The request is larger than the 64 KB allowed here.');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT) throw new HttpError(413, 'The request is larger than the 64 KB allowed here.');
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'The body is not valid JSON.');
  }
}

async function signInState(req: http.IncomingMessage, client: RequestClient): Promise<Response> {
  const { email, password } = await loginSchema.validate(await readJson(req), { abortEarly: false, stripUnknown: true });
  const platform = platformDb();
  // Counted before the password is checked, one row per attempt: a burst of guesses at once from one address
  // sees its own rows and gets no more than MAX_ATTEMPTS tries.
  await audit(email.toLowerCase(), 'sign-in-attempt', client.address, null, {});
  const since = new Date(wallClock() - WINDOW_MS).toISOString();
  const [{ tries }] = await platform
    .selectFrom('state_audit')
    .select((eb) => eb.fn.countAll<number>().as('tries'))
    .where('action', '=', 'sign-in-attempt')
    .where('address', '=', client.address)
    .where('at', '>=', since)
    .execute();
  if (Number(tries) > MAX_ATTEMPTS) throw new HttpError(429, 'Too many sign-in attempts from this address. Try again in 15 minutes.', undefined, { 'retry-after': String(WINDOW_MS / 1000) });
  const admin = await platform.selectFrom('state_admin').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  const ok = await verifyPassword(password, admin?.password_hash ?? (await decoyPasswordHash()));
  if (!admin || !ok || admin.disabled_at !== null) throw new HttpError(401, REFUSED_LOGIN);
  // A good sign-in clears the address's count, as a council's does.
  await platform.deleteFrom('state_audit').where('action', '=', 'sign-in-attempt').where('address', '=', client.address).execute();
  const secret = generateSessionToken();
  const issuedAt = wallClock();
  const expiresAt = new Date(issuedAt + readConfig().sessionMaxHours * 3_600_000);
  await platform.insertInto('state_session').values({ id: sessionIdFromToken(secret), admin_id: admin.id, expires_at: expiresAt.toISOString() }).execute();
  const token = signToken(
    // `role` names no council role: the state's key signs it, and only the state's calls read it.
    { sub: String(admin.id), email: admin.email, role: 'state' as Role, sid: secret, iat: Math.floor(issuedAt / 1000), exp: Math.floor(expiresAt.getTime() / 1000) },
    stateSigningSecret(),
  );
  await audit(admin.email, 'sign-in', client.address, null, {});
  return json({ token, role: 'state', expiresAt: expiresAt.toISOString() });
}

async function stateAdminOf(req: http.IncomingMessage): Promise<StateAdmin> {
  const header = req.headers.authorization ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  const claims = token ? verifyToken(token, stateSigningSecret()) : null;
  if (!claims) throw new HttpError(401, 'Please sign in as a state administrator.');
  const row = await platformDb()
    .selectFrom('state_session')
    .innerJoin('state_admin', 'state_admin.id', 'state_session.admin_id')
    .select(['state_admin.id', 'state_admin.email', 'state_session.expires_at'])
    .where('state_session.id', '=', sessionIdFromToken(claims.sid))
    .where('state_admin.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!row || Date.parse(row.expires_at) <= wallClock()) throw new HttpError(401, 'Please sign in as a state administrator.');
  return { id: row.id, email: row.email };
}

async function createFromRequest(req: http.IncomingMessage, client: RequestClient, admin: StateAdmin): Promise<Response> {
  const input = await newCouncilSchema.validate(await readJson(req), { abortEarly: false, stripUnknown: true });
  const council = await createCouncil({ ...input, hosts: input.hosts as string[] });
  await audit(admin.email, 'council-created', client.address, council.id, { after: councilAnswer(council), adminEmail: input.adminEmail.toLowerCase() });
  return json(councilAnswer(council), 201);
}

async function changeFromRequest(req: http.IncomingMessage, client: RequestClient, admin: StateAdmin, id: number): Promise<Response> {
  const change = await changeSchema.validate(await readJson(req), { abortEarly: false, stripUnknown: true });
  await refreshCouncils();
  const before = await councilById(id);
  if (!before) throw new HttpError(404, 'There is no such council.');
  const hosts = change.hosts ? hostNames(change.hosts as string[]) : undefined;
  if (before.first && change.status === 'disabled') throw new HttpError(409, 'The installation\'s first council cannot be disabled.');
  await platformDb().transaction().execute(async (trx) => {
    if (hosts) {
      const claimed = await trx.selectFrom('council_host').select('host').where('host', 'in', hosts).where('council_id', '!=', id).execute();
      if (claimed.length > 0) throw new CouncilSetupError(409, `Another council has the host name ${claimed[0].host}.`);
      await trx.deleteFrom('council_host').where('council_id', '=', id).execute();
      await trx.insertInto('council_host').values(hosts.map((host) => ({ host, council_id: id }))).execute();
    }
    if (change.status) await trx.updateTable('council').set({ status: change.status }).where('id', '=', id).execute();
  });
  await refreshCouncils();
  const after = (await councilById(id))!;
  await audit(admin.email, 'council-changed', client.address, id, { before: councilAnswer(before), after: councilAnswer(after) });
  return json(councilAnswer(after));
}

async function route(req: http.IncomingMessage, client: RequestClient): Promise<Response> {
  const path = (req.url ?? '/').split('?')[0];
  const method = req.method ?? 'GET';
  if (path === '/api/Account/login') {
    if (method !== 'POST') throw new HttpError(405, 'Sign in with POST.', undefined, { allow: 'POST' });
    return signInState(req, client);
  }
  const one = /^\/api\/State\/councils\/(\d{1,9})$/.exec(path);
  if (path !== '/api/State/councils' && !one) throw new HttpError(404, 'There is no such address on the state console.');
  const admin = await stateAdminOf(req);
  if (path === '/api/State/councils' && method === 'GET') return json((await listCouncils()).map(councilAnswer));
  if (path === '/api/State/councils' && method === 'POST') return createFromRequest(req, client, admin);
  if (one && method === 'PUT') return changeFromRequest(req, client, admin, Number(one[1]));
  throw new HttpError(405, 'That call does not take this method.', undefined, { allow: one ? 'PUT' : 'GET, POST' });
}

/** Answers a request on the state's host. */
export async function answerStateRequest(req: http.IncomingMessage, res: http.ServerResponse, client: RequestClient): Promise<void> {
  let response: Response;
  try {
    // A browser's cross-site write is refused here as on a council's host.
    const refusal = crossSiteRefusal({ method: req.method ?? 'GET', headers: { get: (name: string) => (req.headers[name.toLowerCase()] as string | undefined) ?? null } } as unknown as Request);
    if (refusal) throw refusal;
    response = await route(req, client);
  } catch (err) {
    response = errorResponse(err instanceof CouncilSetupError ? new HttpError(err.status, err.message) : asHttpError(err, `state ${req.method} ${req.url}`));
  }
  const body = Buffer.from(await response.arrayBuffer());
  // A body left unread (refused before it was read, or past its limit) is not read on: the connection closes
  // after the answer, so a client sending gigabytes costs nothing more.
  const unread = !req.complete;
  res.writeHead(response.status, { ...SECURITY_HEADERS, ...Object.fromEntries(response.headers), 'content-length': body.length, ...(unread ? { connection: 'close' } : {}) });
  res.end(req.method === 'HEAD' ? undefined : body, () => {
    if (unread) req.socket.destroy();
  });
}

