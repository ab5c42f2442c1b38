import { randomBytes } from 'node:crypto';
import { db, type Db } from '../../server/db';
import { HttpError } from '../../server/http';
import { runWrite } from '../../server/write-path';
import { recordAudit } from '../../server/audit';
import { now as clockNow } from '../../server/clock';
import { channelsFor, queueMessages, type NewMessage } from '../../server/outbox';
import { citizenMessage, type StepMessage } from './case-messages.server';
import type { CaseActor } from './cases.server';
import type { AnyService, Lang, OriginalCase } from './service';

/**
 * A case's followers (`case_supporter`): citizens who said "me too" to it instead of lodging the same problem
 * again, and the people of a duplicate merged into it. They count on the public pages (a number, never who)
 * from the moment they say it. A follower's mobile and email each hear of the case only once confirmed by
 * whoever holds it (src/features/cases/supporter-consent.server.ts): anyone may type anyone's number into a
 * public form. A confirmed contact is told of each step the case's own citizen is told of, through the
 * outbox in the same transaction as the step, so a message exists exactly when the step does. One row per
 * case and mobile number.
 */

export interface Supporter {
  mobile: string;
  email: string;
  lang: Lang;
}

/** How many follow each case, by case id (cases nobody follows are absent). */
export async function supporterCounts(caseIds: readonly number[], database: Db = db()): Promise<Map<number, number>> {
  if (caseIds.length === 0) return new Map();
  const rows = await database
    .selectFrom('case_supporter')
    .select((eb) => ['case_id', eb.fn.countAll<number>().as('n')])
    .where('case_id', 'in', caseIds)
    .groupBy('case_id')
    .execute();
  return new Map(rows.map((r) => [r.case_id, Number(r.n)]));
}

/** How many follow one case, by its number. */
export async function supporterCountOf(number: string, database: Db = db()): Promise<number> {
  const row = await database
    .selectFrom('case_supporter')
    .innerJoin('service_case', 'service_case.id', 'case_supporter.case_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('service_case.number', '=', number)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A follower's message: the service's words for the step, after a line saying why they hear of it. */
function supporterMessage(service: AnyService, number: string, step: StepMessage, lang: Lang): { subject: string; body: string } {
  const { subject, body } = citizenMessage(service, number, step, lang);
  const texts = service.catalogue(lang);
  return { subject, body: 'supporterLine' in texts ? `${texts.supporterLine(number)}\n\n${body}` : body };
}

/** A follower's contacts that may hear of the case: those confirmed, and never the case's own citizen's again. */
function confirmedContact(row: { mobile: string; email: string; mobile_confirmed_at: string | null; email_confirmed_at: string | null }, own: { mobile: string; email: string } | undefined) {
  const same = (a: string, b: string | undefined) => Boolean(b) && a.toLowerCase() === b!.toLowerCase();
  return {
    mobile: row.mobile_confirmed_at && !same(row.mobile, own?.mobile) ? row.mobile : '',
    email: row.email && row.email_confirmed_at && !same(row.email, own?.email) ? row.email : '',
  };
}

/** Tells a case's confirmed followers of a step, in the step's transaction (called by the kernel's step). */
export async function queueSupporterMessages(trx: Db, service: AnyService, caseId: number, number: string, step: StepMessage): Promise<void> {
  const [people, own] = await Promise.all([
    trx.selectFrom('case_supporter').select(['mobile', 'email', 'lang', 'mobile_confirmed_at', 'email_confirmed_at']).where('case_id', '=', caseId)
      .where((eb) => eb.or([eb('mobile_confirmed_at', 'is not', null), eb('email_confirmed_at', 'is not', null)])).orderBy('id').execute(),
    trx.selectFrom('case_contact').select(['mobile', 'email']).where('case_id', '=', caseId).executeTakeFirst(),
  ]);
  await queueMessages(trx, people.flatMap((p) => {
    const contact = confirmedContact(p, own);
    if (!contact.mobile && !contact.email) return [];
    const { subject, body } = supporterMessage(service, number, step, p.lang);
    // A mobile and an email each on their own channel: a contact with no transport set up goes to the log alone.
    return [...(contact.mobile ? channelsFor({ mobile: contact.mobile }) : []), ...(contact.email ? channelsFor({ email: contact.email }) : [])]
      .map((to): NewMessage => ({ ...to, lang: p.lang, subject, body, reference: number }));
  }));
}

/** A contact of a new follower still to be confirmed: where the link goes, and the secret it is signed over. */
export interface PendingContact {
  channel: 'mobile' | 'email';
  recipient: string;
  nonce: string;
  /** The case's own citizen's: it hears of the case anyway, and is sent nothing, but takes its turn as any contact would. */
  own: boolean;
}

export interface AddedSupporter {
  id: number;
  lang: Lang;
  /** The contacts to ask (never a mobile proven on this request). */
  pending: PendingContact[];
}

const newNonce = () => randomBytes(12).toString('base64url');

/**
 * Adds a citizen as a follower of an open case ("me too"). Counted once per mobile, whoever's it is, so the
 * answer tells nobody whether a mobile is the citizen's own or follows already. `provenMobile` is the mobile
 * a citizen signed in with on this request, which that sign-in proved: it needs no confirming. Answers the
 * new follower and the contacts to ask, or null when that mobile follows already (nothing changes).
 */
export async function addSupporter(service: AnyService, number: string, who: Supporter & { provenMobile?: string | null }, database: Db = db()): Promise<AddedSupporter | null> {
  return runWrite(
    {
      actor: { id: null, email: 'Citizen' }, entity: 'case-supporter', table: 'case_supporter', files: [],
      change: async (trx) => {
        const row = await trx.selectFrom('service_case').select(['id', 'state']).where('number', '=', number).where('service', '=', service.name).executeTakeFirst();
        if (!row) throw new HttpError(404, `No ${service.noun} with that number.`);
        if (!service.states[row.state]?.open) throw new HttpError(409, `This ${service.noun} is no longer open, so it cannot be followed.`);
        const own = await trx.selectFrom('case_contact').select(['mobile', 'email']).where('case_id', '=', row.id).executeTakeFirst();
        const at = new Date(clockNow()).toISOString();
        const proven = who.provenMobile === who.mobile;
        const nonces = { mobile: proven ? null : newNonce(), email: who.email ? newNonce() : null };
        const inserted = await trx
          .insertInto('case_supporter')
          .values({
            case_id: row.id, mobile: who.mobile, email: who.email, lang: who.lang, via: 'me-too', merged_from: '', at,
            mobile_confirmed_at: proven ? at : null, mobile_nonce: nonces.mobile, email_confirmed_at: null, email_nonce: nonces.email,
          })
          .onConflict((oc) => oc.columns(['case_id', 'mobile']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) return { result: null, audit: null };
        const pending: PendingContact[] = [];
        if (nonces.mobile) pending.push({ channel: 'mobile', recipient: who.mobile, nonce: nonces.mobile, own: who.mobile === own?.mobile });
        if (nonces.email) pending.push({ channel: 'email', recipient: who.email, nonce: nonces.email, own: who.email.toLowerCase() === own?.email.toLowerCase() });
        // The audit log names the case, not the person: their contact stays in the one table that holds it.
        return { result: { id: inserted.id, lang: who.lang, pending }, audit: { action: 'create' as const, recordId: row.id, before: null, after: { case: number, via: 'me-too', at } } };
      },
    },
    database,
  );
}

/**
 * The rest of a merge, inside its step's transaction once the duplicate is closed: the duplicate's citizen
 * and followers follow the original (but not the original's own citizen, who hears anyway), the original's
 * timeline says what was merged into it, and the audit log records that too. They are told of the merge by
 * the step's own message, sent to the duplicate's citizen and followers as any step's is.
 */
export async function mergeInto(trx: Db, service: AnyService, duplicate: { id: number; number: string; lang: Lang }, original: OriginalCase, at: string, actor: CaseActor): Promise<void> {
  const [contact, followers, originalContact, originalRow] = await Promise.all([
    trx.selectFrom('case_contact').select(['mobile', 'email']).where('case_id', '=', duplicate.id).executeTakeFirst(),
    trx.selectFrom('case_supporter').select(['mobile', 'email', 'lang', 'mobile_confirmed_at', 'email_confirmed_at']).where('case_id', '=', duplicate.id).orderBy('id').execute(),
    trx.selectFrom('case_contact').select('mobile').where('case_id', '=', original.id).executeTakeFirst(),
    trx.selectFrom('service_case').select('state').where('id', '=', original.id).executeTakeFirstOrThrow(),
  ]);
  // A contact without a mobile (a desk case lodged with none) has nothing to be counted by and is left out. The
  // duplicate's citizen hears of the original as they heard of their own case; a follower as far as confirmed.
  const lodger = contact ? [{ ...contact, lang: duplicate.lang, mobile_confirmed_at: at, email_confirmed_at: contact.email ? at : null }] : [];
  const people = [...lodger, ...followers].filter((p) => p.mobile && p.mobile !== originalContact?.mobile);
  let added = 0;
  for (const p of people) {
    const inserted = await trx
      .insertInto('case_supporter')
      .values({
        case_id: original.id, mobile: p.mobile, email: p.email, lang: p.lang, via: 'merge', merged_from: duplicate.number, at,
        mobile_confirmed_at: p.mobile_confirmed_at, email_confirmed_at: p.email_confirmed_at,
      })
      .onConflict((oc) => oc.columns(['case_id', 'mobile']).doNothing())
      .executeTakeFirst();
    added += Number(inserted.numInsertedOrUpdatedRows ?? 0);
  }
  // The original does not change state: its timeline gains an entry from its state to the same state.
  await trx
    .insertInto('case_event')
    .values({
      case_id: original.id, at, actor_kind: 'staff', actor_user_id: actor.userId, actor_label: actor.label, action: 'merged-in',
      from_state: originalRow.state, to_state: originalRow.state, note: `${duplicate.number} → ${original.number}`, visibility: 'public',
      data: JSON.stringify({ duplicate: duplicate.number, followersAdded: added }),
    })
    .execute();
  await recordAudit(trx, { id: actor.userId, email: actor.label }, {
    action: 'update', entity: service.auditEntity ?? 'case', recordId: original.id, before: null, after: { number: original.number, mergedIn: duplicate.number, followersAdded: added },
  });
}
