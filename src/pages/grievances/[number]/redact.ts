import type { APIContext } from 'astro';
import { endpoint, readFormBody } from '../../../server/http';
import { pathIn } from '../../../i18n/lang';
import { staffActor, staffRedaction } from '../../../features/grievance/grievance-requests.server';

/**
 * POST from the grievance's redaction panel on the case page: replaces the personal text sent, audited, and
 * goes back to the case page in the language it was sent from.
 */
export const POST = endpoint(async (context: APIContext) => {
  const form = await readFormBody(context.request);
  const number = context.params.number ?? '';
  await staffRedaction(number, form, staffActor(context.locals.session));
  const lang = form.get('lang') === 'hi' ? 'hi' : 'en';
  return context.redirect(pathIn(lang, `/cases/${encodeURIComponent(number)}?done=redact`), 303);
});
