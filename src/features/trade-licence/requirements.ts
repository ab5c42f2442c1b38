import type { Db } from '../../server/db';
import type { Requirement } from '../cases/service';

/**
 * The trade licence's own requirements, read in the step's transaction (the kernel hands over its
 * database). Browser-safe: only the database's type is imported, and the queries run on what the kernel passes.
 */
export interface DocumentState {
  code: string;
  mediaId: number;
  /** The verifier's word on this file: true, false, or null (not yet looked at, or a replacement). */
  accepted: boolean | null;
  reason: string;
}

/** Each document's current file (the latest sent for its code) and the verdict on it. */
export async function documentStates(database: Db, caseId: number): Promise<DocumentState[]> {
  const row = await database.selectFrom('service_case').select('data').where('id', '=', caseId).executeTakeFirstOrThrow();
  const lodged = (JSON.parse(row.data) as { documentCodes?: string[] }).documentCodes ?? [];
  const events = await database.selectFrom('case_event').select(['id', 'action', 'data']).where('case_id', '=', caseId).orderBy('id').execute();
  const media = await database
    .selectFrom('case_event_media')
    .innerJoin('case_event', 'case_event.id', 'case_event_media.event_id')
    .select(['case_event_media.event_id', 'case_event_media.position', 'case_event_media.media_id'])
    .where('case_event.case_id', '=', caseId)
    .where('case_event_media.kind', '=', 'document')
    .execute();
  const current = new Map<string, number>();
  for (const event of events) {
    // The lodged files follow the application's list of codes; a resubmission's, its own list.
    const codes = event.action === 'lodge' ? lodged : event.action === 'resubmit' ? ((JSON.parse(event.data) as { documentCodes?: string[] }).documentCodes ?? []) : [];
    for (const m of media.filter((x) => x.event_id === event.id)) if (codes[m.position]) current.set(codes[m.position], m.media_id);
  }
  const verdicts = await database.selectFrom('trade_document_verdict').select(['code', 'media_id', 'accepted', 'reason']).where('case_id', '=', caseId).execute();
  return lodged.map((code) => {
    const mediaId = current.get(code) ?? 0;
    const verdict = verdicts.find((v) => v.code === code && v.media_id === mediaId);
    return { code, mediaId, accepted: verdict ? verdict.accepted === 1 : null, reason: verdict?.reason ?? '' };
  });
}

const statesOf = (loaded: unknown) => (loaded ?? []) as DocumentState[];

/** Verified: every document sent has been accepted. */
export const documentsRequirement: Requirement = {
  load: (database, caseId) => documentStates(database as Db, caseId),
  check: (c) => {
    const pending = statesOf(c.loaded).filter((d) => d.accepted !== true);
    return pending.length === 0 ? null : { status: 409, message: `Accept every document first: ${pending.map((d) => d.code).join(', ')} not accepted.`, field: 'documents' };
  },
};

/** Resubmitted: every refused document has a new file, sent with this step (its codes in `documentCodes`). */
export const replacementsRequirement: Requirement = {
  load: (database, caseId) => documentStates(database as Db, caseId),
  check: (c) => {
    const sent = Array.isArray(c.fields.documentCodes) ? (c.fields.documentCodes as unknown[]).slice(0, c.documentCount) : [];
    // A withdrawn file (no file now) is to be sent again, as a refused one is.
    const refused = statesOf(c.loaded).filter((d) => (d.accepted === false || !d.mediaId) && !sent.includes(d.code));
    return refused.length === 0 ? null : { status: 400, message: `Replace the refused documents first: ${refused.map((d) => d.code).join(', ')}.`, field: 'documents' };
  },
};

/** Straight to payment: a renewal whose trade, place and owners are the old licence's. */
export const unchangedRenewalRequirement: Requirement = {
  check: (c) => (c.record.licenceType === 'renewal' && c.record.unchanged === true && !(Array.isArray(c.record.renewalChanges) && c.record.renewalChanges.length) ? null : { status: 409, message: 'Only an unchanged renewal skips the checks.' }),
};
