import { db, type Db } from '../../server/db';
import { HttpError } from '../../server/http';
import { mediaUrl } from '../../server/media';
import { runWrite } from '../../server/write-path';
import { now } from '../../server/clock';
import { storeEvent, type CaseActor } from '../cases/cases.server';
import { documentChecklist } from './catalogue.server';
import type { ApplicationKind } from './fee';
import { documentStates } from './requirements';
import { TRADE_LICENCE } from './trade-licence.service';
import { VERDICT_EVENT, verdictOf, type DocumentVerdict } from './verdict-words';

/**
 * The verifier's word on each document of an application waiting for verification (Applied): accept its
 * file, refuse it with a reason the applicant reads, or undo a word given. Until a step is taken (verify, send
 * back, reject) the words are the verifier's to correct, as a tap on the wrong row of a phone must not need a
 * send-back to mend; once a step is taken on them they stand, and the next word is on a replacement file.
 *
 * Each word on one document is one write: the verdict, an entry on the case's timeline and one in the audit
 * log, in one transaction. "Accept all remaining" is that same write for each document not yet judged, so it
 * leaves the trail the clicks it saves would have left.
 */
export type Verdict = 'accept' | 'refuse' | 'undo';

const JUDGES = ['verifier', 'admin'];

export interface VerdictAsked {
  verdict: Verdict;
  reason?: string;
  /** The key of the file the verifier was shown (its address): refused when the document's file is another now. */
  file?: string;
  /** Only a document not yet judged (accept all remaining): one judged meanwhile keeps its verdict. */
  onlyPending?: boolean;
}

/** A repeated press, the verdict already as asked: nothing is written, and the transaction is rolled back. */
class Unchanged extends Error {}

function assertJudge(actor: CaseActor): void {
  if (!JUDGES.includes(actor.party)) throw new HttpError(403, 'Only a document verifier may judge documents.');
}

const movedOn = () => new HttpError(409, 'Documents are judged only while the application waits for verification.');

async function fileKeys(database: Db, mediaIds: readonly number[]): Promise<Map<number, { key: string; url: string }>> {
  if (mediaIds.length === 0) return new Map();
  const rows = await database.selectFrom('media').select(['id', 'sha256', 'content_type']).where('id', 'in', [...mediaIds]).execute();
  return new Map(rows.map((r) => [Number(r.id), { key: r.sha256, url: mediaUrl(r.sha256, r.content_type) }]));
}

/** One verdict on one document; true when it changed what was recorded (a repeat changes nothing). */
export async function judgeDocument(number: string, code: string, asked: VerdictAsked, actor: CaseActor, database: Db = db()): Promise<boolean> {
  assertJudge(actor);
  const reason = asked.verdict === 'refuse' ? (asked.reason ?? '').trim().slice(0, 500) : '';
  if (asked.verdict === 'refuse' && reason === '') throw new HttpError(400, 'Say why the document is not accepted.', { reason: 'Say why the document is not accepted.' });
  const next: DocumentVerdict = asked.verdict === 'accept' ? 'accepted' : asked.verdict === 'refuse' ? 'refused' : 'pending';
  const change = async (trx: Db) => {
    const row = await trx.selectFrom('service_case').select(['id', 'data']).where('number', '=', number).where('service', '=', TRADE_LICENCE.name).executeTakeFirst();
    if (!row) throw new HttpError(404, 'No application with that number.');
    const at = new Date(now()).toISOString();
    // Holds the case's row to the commit (PostgreSQL locks it; SQLite's writers take turns anyway): two words on
    // one application take turns, so a burst of one press is written once, and none lands after a step.
    const held = await trx.updateTable('service_case').set({ updated_at: at }).where('id', '=', row.id).where('state', '=', 'Applied').executeTakeFirst();
    if (Number(held.numUpdatedRows) !== 1) throw movedOn();
    const doc = (await documentStates(trx, row.id)).find((d) => d.code === code);
    if (!doc || !doc.mediaId) throw new HttpError(404, 'The application has no such document.');
    if (asked.file !== undefined && (await fileKeys(trx, [doc.mediaId])).get(doc.mediaId)?.key !== asked.file) {
      throw new HttpError(409, 'The document has another file than the page showed: open it before judging it.', { file: 'Open the new file first.' });
    }
    const was = verdictOf(doc.accepted);
    if ((asked.onlyPending && was !== 'pending') || (was === next && doc.reason === reason)) throw new Unchanged();
    if (next === 'pending') {
      await trx.deleteFrom('trade_document_verdict').where('case_id', '=', row.id).where('code', '=', code).where('media_id', '=', doc.mediaId).execute();
    } else {
      const values = { accepted: next === 'accepted' ? 1 : 0, reason, by_label: actor.label, at };
      await trx
        .insertInto('trade_document_verdict')
        .values({ case_id: row.id, code, media_id: doc.mediaId, ...values })
        .onConflict((oc) => oc.columns(['case_id', 'code', 'media_id']).doUpdateSet(values))
        .execute();
    }
    // The entry names the document as the checklist does today, in both languages, so the timeline reads in either.
    const application = JSON.parse(row.data) as { tradeType: string; licenceType: ApplicationKind };
    const name = (await documentChecklist(application.tradeType, application.licenceType, trx)).find((d) => d.code === code);
    // A refusal's reason is the applicant's to read (their tracking page shows it); an acceptance has no note.
    await storeEvent(trx, row.id, at, actor, {
      action: VERDICT_EVENT, from: 'Applied', to: 'Applied', note: reason, visibility: next === 'refused' ? 'public' : 'staff',
      data: { document: code, verdict: next, was, name: { en: name?.en ?? code, hi: name?.hi ?? code } },
    }, []);
    const before = { number, document: code, verdict: was, reason: doc.reason };
    return { result: true, audit: { action: 'update' as const, recordId: row.id, before, after: { number, document: code, verdict: next, reason } } };
  };
  try {
    return await runWrite({ actor: { id: actor.userId, email: actor.label }, entity: 'trade-document-verdict', table: 'trade_document_verdict', files: [], change }, database);
  } catch (err) {
    if (err instanceof Unchanged) return false;
    throw err;
  }
}

/**
 * Accepts every document not yet judged, each by judgeDocument; with `shown` (the keys of the files the page
 * showed), only those files. Answers the codes accepted.
 */
export async function acceptRemaining(number: string, shown: readonly string[] | undefined, actor: CaseActor, database: Db = db()): Promise<string[]> {
  assertJudge(actor);
  const row = await database.selectFrom('service_case').select(['id', 'state']).where('number', '=', number).where('service', '=', TRADE_LICENCE.name).executeTakeFirst();
  if (!row) throw new HttpError(404, 'No application with that number.');
  if (row.state !== 'Applied') throw movedOn();
  const waiting = (await documentStates(database, row.id)).filter((d) => d.accepted === null && d.mediaId);
  const keys = await fileKeys(database, waiting.map((d) => d.mediaId));
  const accepted: string[] = [];
  for (const doc of waiting) {
    const file = keys.get(doc.mediaId)?.key;
    if (!file || (shown && !shown.includes(file))) continue;
    try {
      if (await judgeDocument(number, doc.code, { verdict: 'accept', file, onlyPending: true }, actor, database)) accepted.push(doc.code);
    } catch (err) {
      // A file replaced meanwhile waits for a look of its own; anything else stops the rest.
      if (!(err instanceof HttpError && err.errors?.file)) throw err;
    }
  }
  return accepted;
}

/** One document of an application as the panel draws it and its script is answered. */
export interface DocumentRow {
  code: string;
  name: { en: string; hi: string };
  verdict: DocumentVerdict;
  reason: string;
  /** Its current file's key and private address; null once withdrawn. */
  file: { key: string; url: string } | null;
}

/** Each document of an application with its verdict and file, in the order of its checklist. */
export async function documentRows(caseId: number, application: { tradeType: string; licenceType: string }, database: Db = db()): Promise<DocumentRow[]> {
  const [states, names] = await Promise.all([documentStates(database, caseId), documentChecklist(application.tradeType, application.licenceType as ApplicationKind, database)]);
  const files = await fileKeys(database, states.map((d) => d.mediaId).filter((id) => id > 0));
  return states.map((d) => {
    const name = names.find((n) => n.code === d.code);
    return { code: d.code, name: { en: name?.en ?? d.code, hi: name?.hi ?? d.code }, verdict: verdictOf(d.accepted), reason: d.reason, file: files.get(d.mediaId) ?? null };
  });
}
