import type http from 'node:http';
import { object, string } from 'yup';
import { asHttpError, errorResponse, HttpError, json } from '../http';
import { SECURITY_HEADERS } from '../security-headers';
import { crossSiteRefusal, type RequestClient } from '../request-origin';
import { councilById, listCouncils, type CouncilRecord } from './registry';
import { CouncilSetupError } from './setup';
import { changeCouncilAsState, councilAnswer, createCouncilAsState, type StateOutcome } from './state-actions';
import { signInStateAdmin, stateAdminOfToken, type StateAdmin } from './state-auth';
import { councilHealth } from './health';

/**
 * The state's calls, answered on STATE_HOST only (the Node entry sends nothing else there): a state
 * administrator signs in with the same kind of token as a council's staff, signed with the state's own key
 * and backed by a session in the platform database, so that no council's token opens these calls and no state
 * token opens a council's. Every call that changes something, and every sign-in, is in the state audit log.
 */
const BODY_LIMIT = 64 * 1024;

const loginSchema = object({
  email: string().trim().typeError('Send the email as text.').required('Email is required.').max(254, 'Email is too long.'),
  password: string().typeError('Send the password as text.').required('Password is required.').max(200, 'Password is too long.'),
});

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
  const { token, expiresAt } = await signInStateAdmin(email, password, client.address);
  return json({ token, role: 'state', expiresAt: expiresAt.toISOString() });
}

async function stateAdminOf(req: http.IncomingMessage): Promise<StateAdmin> {
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const admin = await stateAdminOfToken(token);
  if (!admin) throw new HttpError(401, 'Please sign in as a state administrator.');
  return admin;
}

/** A refused change answers its first error as the message, and every field's. */
function outcomeAnswer(outcome: StateOutcome<CouncilRecord>, status: 200 | 201): Response {
  if (outcome.ok) return json(councilAnswer(outcome.value), status);
  throw new HttpError(outcome.status, Object.values(outcome.errors)[0], outcome.errors);
}

async function route(req: http.IncomingMessage, client: RequestClient): Promise<Response> {
  const path = (req.url ?? '/').split('?')[0];
  const method = req.method ?? 'GET';
  if (path === '/api/Account/login') {
    if (method !== 'POST') throw new HttpError(405, 'Sign in with POST.', undefined, { allow: 'POST' });
    return signInState(req, client);
  }
  const one = /^\/api\/State\/councils\/(\d{1,9})$/.exec(path);
  const health = /^\/api\/State\/councils\/(\d{1,9})\/health$/.exec(path);
  if (path !== '/api/State/councils' && !one && !health) throw new HttpError(404, 'There is no such address on the state console.');
  const admin = await stateAdminOf(req);
  if (path === '/api/State/councils' && method === 'GET') return json((await listCouncils()).map(councilAnswer));
  if (path === '/api/State/councils' && method === 'POST') return outcomeAnswer(await createCouncilAsState(admin, client.address, await readJson(req), 'en'), 201);
  if (one && method === 'PUT') return outcomeAnswer(await changeCouncilAsState(admin, client.address, Number(one[1]), await readJson(req), 'en'), 200);
  if (health && method === 'GET') {
    const council = await councilById(Number(health[1]));
    if (!council) throw new HttpError(404, 'There is no such council.');
    return json({ id: council.id, status: council.status, ...(await councilHealth(council)) });
  }
  throw new HttpError(405, 'That call does not take this method.', undefined, { allow: one ? 'PUT' : health ? 'GET' : 'GET, POST' });
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

