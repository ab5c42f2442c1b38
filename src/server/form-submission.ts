import { now, wallClock } from './clock';
import { randomBytes } from 'node:crypto';
import { db, nowIso, type Db } from './db';
import { sha256Hex } from './media';
import { HttpError } from './http';

/**
 * Each public form that stores something carries a one-time token in a hidden field, made afresh for every
 * visitor who opens the form. Sending it claims the token; once the work is stored, the token remembers the
 * result (a complaint number, a feedback reference), and the answer is a redirect to the result's own page
 * (POST, redirect, GET). Sending the same form again, by a refresh, a back button or a double tap, stores
 * nothing and leads to the same result. A form sent without a token (an old client) is handled as before.
 */
export const FORM_TOKEN_FIELD = 'form_token';

export function newFormToken(): string {
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

/**
 * Claims a form's token for `scope` (the form), or answers the result of the sending that claimed it first.
 * Call `complete` with the result once stored, `abandon` when the sending was refused (so that the corrected
 * form, which keeps its token, can be sent again).
 */
export async function claimSubmission(scope: string, token: unknown, database: Db = db()): Promise<Claim> {
  if (typeof token !== 'string' || !/^[\w-]{16,64}$/.test(token)) return NO_TOKEN;
  const tokenHash = sha256Hex(new TextEncoder().encode(token));
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
