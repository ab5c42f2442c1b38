import { endpoint, HttpError, json } from '../../../../../../../server/http';
import { staffCase } from '../../../../../../cases/staff-cases-api.server';
import { readApplicationForm, replaceDocuments } from '../../../../../requests.server';

/**
 * POST /api/Staff/trade-licence/{number}/replacements: the counter clerk (or an admin) sends the applicant's
 * new files for the documents not accepted, as doc_<code> parts, and the application is resubmitted. The
 * files are stored as the applicant's own would be (private to the case's staff and the applicant). The case
 * page's panel posts it as a form and is sent back to the case: to its flash when done, or to the panel's
 * refusal in the page's language (the files must be chosen again: a browser keeps no file across a page).
 */
export const POST = endpoint(async (context) => {
  const session = context.locals.session!;
  const { found } = await staffCase(context.params.number, session);
  if (found.service !== 'trade-licence') throw new HttpError(404, 'No application with that number.');
  const form = await readApplicationForm(context);
  const wantsJson = (context.request.headers.get('accept') ?? '').includes('application/json');
  const back = (query: string) => `${form.fields.get('lang') === 'hi' ? '/hi' : ''}/cases/${encodeURIComponent(found.number)}?${query}`;
  try {
    await replaceDocuments(found.number, form, session);
  } catch (err) {
    if (!(err instanceof HttpError) || wantsJson) throw err;
    // 400: a document not accepted has no new file; 409: the application has moved on; else the file itself.
    const why = err.status === 400 ? 'missing' : err.status === 409 ? 'state' : 'file';
    return new Response(null, { status: 303, headers: { location: `${back(`replace=${why}`)}#tl-replace` } });
  } finally {
    await form.dispose();
  }
  if (wantsJson) return json({ number: found.number, state: 'Applied' });
  return new Response(null, { status: 303, headers: { location: back('done=resubmit') } });
});
