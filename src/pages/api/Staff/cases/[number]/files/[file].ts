import type { APIContext } from 'astro';
import { endpoint, json, readFormBody } from '../../../../../../server/http';
import { withdrawalTarget, withdrawCaseFile } from '../../../../../../features/cases/case-files.server';

/**
 * An admin withdraws a private file from a case (an identity proof sent by mistake, a paper the applicant asked
 * to have removed): DELETE /api/Staff/cases/{number}/files/{key}, where the key is the one in the file's
 * /media/ address. The case page's button posts the same as a form and is sent back to the case. After it the
 * file answers 404 to everyone, and its bytes are gone unless another case holds the same file.
 */
const fileKey = ({ params }: APIContext) => String(params.file ?? '').replace(/\.\w{1,4}$/, '');

async function withdraw(context: APIContext): Promise<string> {
  const session = context.locals.session!;
  const number = String(context.params.number ?? '');
  await withdrawCaseFile(number, fileKey(context), { id: session.user.id, email: session.user.email });
  return number;
}

export const DELETE = endpoint(async (context) => json({ withdrawn: true, number: await withdraw(context) }));

export const POST = endpoint(async (context) => {
  // An address that names no file is a 404 before its body is read, whatever the body is.
  withdrawalTarget(context.params.number, fileKey(context));
  const form = await readFormBody(context.request);
  const number = await withdraw(context);
  const back = `${form.get('lang') === 'hi' ? '/hi' : ''}/cases/${encodeURIComponent(number)}?done=withdrawn`;
  return new Response(null, { status: 303, headers: { location: back } });
});
