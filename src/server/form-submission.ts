import { now, wallClock } from './clock';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { db, nowIso, type Db } from './db';
import { HttpError } from './http';
import { validUntil } from './cache/dependencies';
import type { StreamedForm } from './streamed-form';

/**
 * Each public form that stores something carries a one-time token in a hidden field. Sending it claims the
 * token together with what was sent; once the work is stored, the claim remembers the result (a complaint
 * number, a feedback reference), and the answer is a redirect to the result's own page (POST, redirect,
 * GET). Sending the same form again, by a refresh, a back button or a double tap, carries the same token and
 * the same content: it stores nothing and leads to the same result. A form sent without a token (an old
 * client) is handled as before.
 *
 * The token need not be the visitor's own: a form page is served from the page cache, so everyone who opens
 * it within a while shares its token. What two visitors send differs (a mobile number, a message), so their
 * claims differ too; two sendings alike in every field and file are the same sending, whoever pressed.
 */
export const FORM_TOKEN_FIELD = 'form_token';

/**
 * How long a cached page keeps one token: identical content sent from it again within this time counts as
 * a repeat. A citizen who truly means to send the same words twice, later, gets a page with a new token.
 */
export const SHARED_TOKEN_MS = 60 * 60 * 1000;

/** A new token for a form being rendered; a cached copy of the page is kept no longer than SHARED_TOKEN_MS. */
export function newFormToken(): string {
  validUntil(now() + SHARED_TOKEN_MS);
  return randomBytes(18).toString('base64url');
}

export type Claim =
  | { kind: 'fresh'; complete: (result: string) => Promise<void>; abandon: () => Promise<void> }
  | { kind: 'done'; result: string };

/** How long a second sending waits for the first to finish before it is told to wait. */
const WAIT_FOR_FIRST_MS = 5_000;
/** A claim with no result after this long belongs to a sending that died: it is let go. */
const STALE_CLAIM_MS = 60_000;

const NO_TOKEN: Claim = { kind: 'fresh', complete: async () => undefined, abandon: async () => undefined };

/** A form as sent: its fields (a plain form), or its fields and the files spooled to disk (a streamed one). */
export type SentForm = FormData | Pick<StreamedForm, 'fields' | 'files'>;

async function fileDigest(bytes: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of bytes) hash.update(chunk);
  return hash.digest('hex');
}

/**
 * The claim's key: the token with every field and file sent beside it, in the order sent (a repeat sends
 * them in the same order). Files count by their bytes, read from disk a piece at a time.
 */
async function claimKey(token: string, sent: SentForm): Promise<string> {
  const fields = sent instanceof FormData ? sent : sent.fields;
  const parts: string[][] = [[token]];
  for (const [name, value] of fields.entries()) {
    if (name === FORM_TOKEN_FIELD) continue;
    parts.push(typeof value === 'string' ? [name, value] : [name, 'file', await fileDigest([new Uint8Array(await value.arrayBuffer())])]);
  }
  if (!(sent instanceof FormData)) {
    for (const file of sent.files) parts.push([file.part, 'file', await fileDigest(createReadStream(file.path))]);
  }
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/**
 * Claims a sending of a form for `scope` (the form): its token and content, or answers the result of the
 * sending that claimed them first. Call `complete` with the result once stored, `abandon` when the sending
 * was refused (so that the corrected form, which keeps its token, can be sent again).
 */
export async function claimSubmission(scope: string, sent: SentForm, database: Db = db()): Promise<Claim> {
  const token = (sent instanceof FormData ? sent : sent.fields).get(FORM_TOKEN_FIELD);
  if (typeof token !== 'string' || !/^[\w-]{16,64}$/.test(token)) return NO_TOKEN;
  const tokenHash = await claimKey(token, sent);
  const forgetUnfinished = () =>
    database.deleteFrom('form_submission').where('scope', '=', scope).where('token_hash', '=', tokenHash).where('result', 'is', null).execute();
  const deadline = wallClock() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const claimed = await database
      .insertInto('form_submission')
      .values({ scope, token_hash: tokenHash, result: null, at: nowIso() })
      .onConflict((oc) => oc.columns(['scope', 'token_hash']).doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 1) {
      return {
        kind: 'fresh',
        complete: async (result) => {
          await database.updateTable('form_submission').set({ result }).where('scope', '=', scope).where('token_hash', '=', tokenHash).execute();
        },
        abandon: async () => {
          await forgetUnfinished();
        },
      };
    }
    const first = await database.selectFrom('form_submission').select(['result', 'at']).where('scope', '=', scope).where('token_hash', '=', tokenHash).executeTakeFirst();
    if (first?.result) return { kind: 'done', result: first.result };
    // `at` was written by the clock (nowIso), so its age is read by the same clock.
    if (first && now() - Date.parse(first.at) > STALE_CLAIM_MS) {
      await forgetUnfinished();
      continue;
    }
    if (wallClock() > deadline) throw new HttpError(409, 'This form is already being sent. Please wait a moment and look again.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
