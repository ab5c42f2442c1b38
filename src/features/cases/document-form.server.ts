import { readFile } from 'node:fs/promises';
import type { APIContext } from 'astro';
import { FormRefusal, HttpError } from '../../server/http';
import { FORM_TOKEN_FIELD } from '../../server/form-submission';
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

/** An application page after a POST that issued no number: what it shows again, and why it was refused. */
export interface RefusedApplication {
  /** The fields as typed, or null when the form was refused before a field was read (a sender over a limit). */
  typed: Record<string, string> | null;
  /** The form's one-time token, kept, so that the form sent again is still the one sending. */
  formToken: string | null;
  kept: KeptFiles | null;
  refusal: HttpError;
}

/**
 * One POST of a service's application page, whatever the service: reads the streamed form, keeps what was
 * typed and the form's one-time token (also when the form was refused as it was read), applies, and always
 * lets go of the spooled files. Answers the number issued, or what the page shows again with the refusal.
 */
export async function postApplicationPage(steps: {
  read: () => Promise<StreamedForm>;
  typedFields: (fields: FormData) => Record<string, string>;
  apply: (form: StreamedForm, typed: Record<string, string>) => Promise<PageApplication>;
}): Promise<{ number: string } | RefusedApplication> {
  let typed: Record<string, string> | null = null;
  let formToken: string | null = null;
  let kept: KeptFiles | null = null;
  const tokenOf = (fields: FormData) => String(fields.get(FORM_TOKEN_FIELD) ?? '') || null;
  try {
    const form = await steps.read();
    try {
      typed = steps.typedFields(form.fields);
      formToken = tokenOf(form.fields);
      const sent = await steps.apply(form, typed);
      if (sent.number !== null) return { number: sent.number };
      kept = sent.kept;
      throw sent.error;
    } finally {
      await form.dispose();
    }
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    // A form refused as it was read still shows again as typed.
    if (err instanceof FormRefusal) {
      typed = steps.typedFields(err.fields);
      formToken = tokenOf(err.fields);
    }
    return { typed, formToken, kept, refusal: err };
  }
}
