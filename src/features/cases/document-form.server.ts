import { readFile } from 'node:fs/promises';
import type { APIContext } from 'astro';
import { HttpError } from '../../server/http';
import type { StreamedForm } from '../../server/streamed-form';
import { acceptUpload, sniffContentType, type AcceptedFile } from '../../server/content/uploads';
import { clientAddress } from '../../server/request-origin';
import { dropKeptFiles, keepFiles, keptFilesSent, type KeptFiles } from '../../server/kept-files';
import type { CaseActor } from './cases.server';

/**
 * What every application with a documents checklist (a trade licence, a water connection) does with its form:
 * who is applying, the documents sent (one file per checklist code, as doc_<code>), and the files kept across a
 * refused sending so that nothing attached is lost.
 */

/** The member of staff signed in, or a citizen without an account. */
export function sessionActor(session: App.Locals['session']): CaseActor {
  return session ? { party: session.user.role, userId: session.user.id, label: session.user.email } : { party: 'citizen', userId: null, label: 'Citizen' };
}

/** Who a form's kept files are counted against: the member of staff, or the stranger's network address. */
export function keptFilesSender(context: Pick<APIContext, 'locals' | 'clientAddress'>): string {
  const session = context.locals.session;
  return session ? `user:${session.user.id}` : `address:${clientAddress(context)}`;
}

/** The documents sent, by checklist code. */
export type SentDocuments = Record<string, AcceptedFile>;
/** The message of each refused document, by its form part, and the status of the first refusal. */
export type RefusedDocuments = { errors: Record<string, string>; status: number | undefined };

/** Each document sent, accepted by what its bytes are (a PDF, or a picture re-encoded without its metadata). */
export async function readDocuments(form: StreamedForm): Promise<{ accepted: SentDocuments; refused: RefusedDocuments }> {
  const accepted: SentDocuments = {};
  const refused: RefusedDocuments = { errors: {}, status: undefined };
  for (const file of form.files) {
    const code = file.part.replace(/^doc_/, '');
    try {
      if (file.tooLarge) throw new HttpError(413, `The document ${code} is too large.`, { [file.part]: 'This file is too large.' });
      const bytes = new Uint8Array(await readFile(file.path));
      accepted[code] = await acceptUpload(bytes, { key: file.part, label: `The document ${code}`, kind: sniffContentType(bytes)?.kind ?? 'document' });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      refused.errors[file.part] = err.errors?.[file.part] ?? err.message;
      refused.status ??= err.status;
    }
  }
  return { accepted, refused };
}

/** What the page's form came to: the number lodged, or the refusal and the files kept for the form sent again. */
export type PageApplication = { number: string } | { number: null; error: unknown; kept: KeptFiles | null };

/**
 * The page's form: the documents it sends and those kept from a refused sending that it still ticks (a new file
 * replaces a kept one), lodged by `lodge`. Refused, every document accepted is kept for the form sent again.
 */
export async function applyKeepingDocuments(
  scope: string, context: Pick<APIContext, 'locals' | 'clientAddress'>, form: StreamedForm,
  lodge: (documents: SentDocuments, refused: RefusedDocuments) => Promise<string>,
): Promise<PageApplication> {
  const kept = await keptFilesSent(scope, form.fields);
  const { accepted, refused } = await readDocuments(form);
  const standing = kept.filter((k) => !accepted[k.part.replace(/^doc_/, '')] && !refused.errors[k.part]);
  const documents = { ...Object.fromEntries(standing.map((k) => [k.part.replace(/^doc_/, ''), k.file])), ...accepted };
  try {
    const number = await lodge(documents, refused);
    await dropKeptFiles(form.fields);
    return { number };
  } catch (error) {
    // A sender over an abuse limit keeps nothing; every other refusal keeps what was sent for the next sending.
    if (!(error instanceof HttpError) || error.status === 429) return { number: null, error, kept: null };
    const sent = Object.entries(accepted).map(([code, file]) => ({ part: `doc_${code}`, position: 1, file }));
    return { number: null, error, kept: await keepFiles(scope, keptFilesSender(context), form.fields, standing, sent) };
  }
}
