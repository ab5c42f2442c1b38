import type { APIContext } from 'astro';
import { endpoint, json, readFormBody } from '../../../../../../server/http';
import { withdrawCaseFile } from '../../../../../../features/cases/case-files.server';

/**
 * An admin withdraws a private file from a case (an identity proof sent by mistake, a paper the applicant asked
 * to have removed): DELETE /api/Staff/cases/{number}/files/{key}, where the key is the one in the file's
 * /media/ address. The case page's button posts the same as a form and is sent back to the case. After it the
 * file answers 404 to everyone, and its bytes are gone unless another case holds the same file.
 */
async function withdraw({ params, locals }: APIContext): Promise<string> {
  const session = locals.session!;
  const number = String(params.number ?? '');
  await withdrawCaseFile(number, String(params.file ?? '').replace(/\.\w{1,4}$/, ''), { id: session.user.id, email: session.user.email });
  return number;
}

export const DELETE = endpoint(async (context) => json({ withdrawn: true, number: await withdraw(context) }));

export const POST = endpoint(async (context) => {
  const form = await readFormBody(context.request);
  const number = await withdraw(context);
  const back = `${form.get('lang') === 'hi' ? '/hi' : ''}/cases/${encodeURIComponent(number)}?done=withdrawn`;
  return new Response(null, { status: 303, headers: { location: back } });
});
