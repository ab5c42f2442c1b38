import { endpoint, HttpError, json, readFormBody } from '../../../../../server/http';
import { parseCaseNumber } from '../../../../../features/cases/service';
import { judgeDocument } from '../../../../../features/trade-licence/applications.server';
import { actorOf } from '../../../../../features/trade-licence/requests.server';

/**
 * POST /api/Staff/trade-licence/{number}/documents: the verifier accepts or refuses one document (code,
 * verdict accept|refuse, reason). The case page's panel posts it as a form and is sent back to the case.
 */
export const POST = endpoint(async ({ params, request, locals }) => {
  const number = parseCaseNumber(params.number);
  if (!number) throw new HttpError(404, 'No application with that number.');
  const form = await readFormBody(request);
  const verdict = String(form.get('verdict') ?? '');
  if (verdict !== 'accept' && verdict !== 'refuse') throw new HttpError(400, 'Say accept or refuse.', { verdict: 'Say accept or refuse.' });
  await judgeDocument(number, String(form.get('code') ?? '').slice(0, 40), verdict === 'accept', String(form.get('reason') ?? ''), actorOf(locals.session));
  if ((request.headers.get('accept') ?? '').includes('application/json')) return json({ number, code: form.get('code'), verdict });
  const back = `${form.get('lang') === 'hi' ? '/hi' : ''}/cases/${encodeURIComponent(number)}`;
  return new Response(null, { status: 303, headers: { location: back } });
});
