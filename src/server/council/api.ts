import type { APIContext } from 'astro';
import { HttpError, json, readBodyBytes, readJsonBody } from '../http';
import { acceptUpload, fileLimitBytes } from '../content/uploads';
import { megabytes } from '../../lib/file-size';
import { councilIdentity, readCouncilIdentity } from './identity';
import { parseCouncilInput } from './input';
import { saveCouncilIdentity, saveCouncilLogo } from './settings';
import { messages } from '../../i18n/messages';
import type { CouncilIdentity } from '../../lib/council';

/**
 * GET and PUT /api/Admin/council (the identity as JSON) and PUT /api/Admin/council/logo (a picture as the
 * request's body): admins only (the route table). Refusals are in English, or in Hindi for a client whose
 * Accept-Language puts Hindi first.
 */
const languageOf = (request: Request) => (/^\s*hi\b/i.test(request.headers.get('accept-language') ?? '') ? 'hi' : 'en');

const answerOf = ({ updatedAt, logo, ...identity }: CouncilIdentity) => ({ ...identity, logo: logo ? { url: logo.url, contentType: logo.contentType } : null, updatedAt });

function actorOf(context: APIContext) {
  const session = context.locals.session;
  if (!session) throw new HttpError(401, 'Please sign in.');
  return { id: session.user.id, email: session.user.email, role: session.user.role };
}

export async function councilAnswer(context: APIContext): Promise<Response> {
  actorOf(context);
  return json(answerOf(await councilIdentity()));
}

export async function saveCouncilAnswer(context: APIContext): Promise<Response> {
  const actor = actorOf(context);
  const lang = languageOf(context.request);
  const parsed = parseCouncilInput(await readJsonBody(context.request), lang);
  if ('errors' in parsed) throw new HttpError(400, messages(lang).council.refused, parsed.errors);
  await saveCouncilIdentity(actor, parsed.identity);
  return json(answerOf((await readCouncilIdentity())!));
}

export async function saveLogoAnswer(context: APIContext): Promise<Response> {
  const actor = actorOf(context);
  const lang = languageOf(context.request);
  const limit = fileLimitBytes('image');
  const bytes = await readBodyBytes(context.request, { bytes: limit, message: `The logo is larger than the ${megabytes(limit)} MB allowed.` });
  const logo = await acceptUpload(bytes, { key: 'logo', label: 'The logo', kind: 'image' }).catch((err: unknown) => {
    // Said in the client's language; the status (413 too large, 415 not a picture) is the upload check's.
    if (err instanceof HttpError) throw new HttpError(err.status, messages(lang).council.errors.logo, { logo: messages(lang).council.errors.logo });
    throw err;
  });
  await saveCouncilLogo(actor, logo);
  return json(answerOf((await readCouncilIdentity())!));
}
