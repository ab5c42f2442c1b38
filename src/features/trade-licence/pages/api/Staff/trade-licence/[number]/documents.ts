import { endpoint, HttpError, json, readFormBody } from '../../../../../../../server/http';
import { parseCaseNumber } from '../../../../../../cases/service';
import { findCase } from '../../../../../../cases/case-queries.server';
import { now } from '../../../../../../../server/clock';
import { acceptRemaining, documentRows, judgeDocument } from '../../../../../verdicts.server';
import { verdictWords } from '../../../../../verdict-words';
import { TRADE_LICENCE } from '../../../../../trade-licence.service';
import { actorOf } from '../../../../../requests.server';
import { messages } from '../../../../../../../i18n/messages';
import type { Lang } from '../../../../../../../i18n/lang';

/**
 * POST /api/Staff/trade-licence/{number}/documents: the verifier's word on the application's documents.
 * `verdict` is accept, refuse (with `reason`) or undo for the document `code`, or accept-remaining for every
 * document not yet judged; `file` names the file the verifier was shown (repeated for accept-remaining), so a
 * file replaced meanwhile is not judged unseen.
 *
 * The case page's script asks for JSON and updates the rows in place: every document's verdict and words in the
 * form's `lang`, and a sentence for the page's live region. Without script the form post is sent back to the
 * document on the case page (its anchor), and a refusal to the same place with the panel's words for it.
 */
const CODE = /^[a-z0-9_-]{2,40}$/;
const VERDICTS = ['accept', 'refuse', 'undo', 'accept-remaining'] as const;
type Asked = (typeof VERDICTS)[number];

/** What the panel says of a refused verdict (its catalogue's verdictRefusals), by what the refusal names. */
function refusalCode(err: HttpError): string {
  if (err.errors?.reason) return 'reason';
  if (err.errors?.file) return 'file';
  if (err.errors?.verdict) return 'verdict';
  return err.status === 409 ? 'state' : err.status === 403 ? 'role' : 'gone';
}

export const POST = endpoint(async ({ params, request, locals }) => {
  const number = parseCaseNumber(params.number);
  if (!number) throw new HttpError(404, 'No application with that number.');
  const form = await readFormBody(request);
  const lang: Lang = form.get('lang') === 'hi' ? 'hi' : 'en';
  const asked = String(form.get('verdict') ?? '') as Asked;
  const code = String(form.get('code') ?? '');
  const files = form.getAll('file').map(String).filter(Boolean);
  const actor = actorOf(locals.session);
  const wantsJson = (request.headers.get('accept') ?? '').includes('application/json');
  // Only a checklist's code names an anchor: nothing else sent is written into the address sent back.
  const document = CODE.test(code) ? code : '';
  const anchor = asked === 'accept-remaining' || !document ? 'tl-documents' : `doc-${document}`;
  const back = (query: string) => `${lang === 'hi' ? '/hi' : ''}/cases/${encodeURIComponent(number)}${query}#${anchor}`;

  let changed: string[];
  try {
    if (!VERDICTS.includes(asked)) throw new HttpError(400, 'Say accept, refuse, undo or accept-remaining.', { verdict: 'Say accept, refuse, undo or accept-remaining.' });
    if (asked === 'accept-remaining') {
      changed = await acceptRemaining(number, files.length ? files : undefined, actor);
    } else {
      if (!document) throw new HttpError(404, 'The application has no such document.');
      const done = await judgeDocument(number, document, { verdict: asked, reason: String(form.get('reason') ?? ''), file: files[0] }, actor);
      changed = done ? [document] : [];
    }
  } catch (err) {
    if (!(err instanceof HttpError) || wantsJson) throw err;
    const query = `?refusal=${refusalCode(err)}${document ? `&document=${document}` : ''}`;
    return new Response(null, { status: 303, headers: { location: back(query) } });
  }
  if (!wantsJson) return new Response(null, { status: 303, headers: { location: back('') } });

  const found = await findCase(number, now(), undefined, [TRADE_LICENCE]);
  if (!found) throw new HttpError(404, 'No application with that number.');
  const rows = await documentRows(found.id, found.data as { tradeType: string; licenceType: string });
  const w = messages(lang).tradeLicence.panel;
  const one = rows.find((r) => r.code === document);
  const said =
    asked === 'accept-remaining' || !one
      ? w.saidAcceptedMany(changed.length)
      : (one.verdict === 'accepted' ? w.saidAccepted : one.verdict === 'refused' ? w.saidRefused : w.saidUndone)(one.name[lang]);
  return json({
    number,
    changed,
    documents: rows.map((r) => ({ code: r.code, verdict: r.verdict, reason: r.reason, words: verdictWords(r.verdict, r.reason, lang), file: r.file?.key ?? null })),
    remaining: rows.filter((r) => r.verdict === 'pending' && r.file).length,
    said,
  });
});
