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
 * and are told of each step the case's own citizen is told of, through the outbox in the same transaction
 * as the step, so a message exists exactly when the step does. One row per case and mobile number.
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

const toEveryone = (people: readonly Supporter[], number: string, text: (lang: Lang) => { subject: string; body: string }): NewMessage[] =>
  people.flatMap((p) => {
    const { subject, body } = text(p.lang);
    return channelsFor({ mobile: p.mobile, email: p.email }).map((to) => ({ ...to, lang: p.lang, subject, body, reference: number }));
  });

/** Tells a case's followers of a step, in the step's transaction (called by the kernel's step). */
export async function queueSupporterMessages(trx: Db, service: AnyService, caseId: number, number: string, step: StepMessage): Promise<void> {
  const people = await trx.selectFrom('case_supporter').select(['mobile', 'email', 'lang']).where('case_id', '=', caseId).orderBy('id').execute();
  await queueMessages(trx, toEveryone(people, number, (lang) => supporterMessage(service, number, step, lang)));
}

/**
 * Adds a citizen as a follower of an open case ("me too"), and tells them it counted. A mobile already
 * following it, or the case's own citizen, is `already`: counted once, not an error.
 */
export async function addSupporter(service: AnyService, number: string, who: Supporter, database: Db = db()): Promise<'added' | 'already'> {
  return runWrite(
    {
      actor: { id: null, email: 'Citizen' }, entity: 'case-supporter', table: 'case_supporter', files: [],
      change: async (trx) => {
        const row = await trx.selectFrom('service_case').select(['id', 'state']).where('number', '=', number).where('service', '=', service.name).executeTakeFirst();
        if (!row) throw new HttpError(404, `No ${service.noun} with that number.`);
        if (!service.states[row.state]?.open) throw new HttpError(409, `This ${service.noun} is no longer open, so it cannot be followed.`);
        const own = await trx.selectFrom('case_contact').select('mobile').where('case_id', '=', row.id).executeTakeFirst();
        if (own?.mobile === who.mobile) return { result: 'already' as const, audit: null };
        const at = new Date(clockNow()).toISOString();
        const inserted = await trx
          .insertInto('case_supporter')
          .values({ case_id: row.id, mobile: who.mobile, email: who.email, lang: who.lang, via: 'me-too', merged_from: '', at })
          .onConflict((oc) => oc.columns(['case_id', 'mobile']).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return { result: 'already' as const, audit: null };
        if ('supporterAdded' in service.catalogue(who.lang)) {
          await queueMessages(trx, toEveryone([who], number, (lang) => citizenMessage(service, number, { key: 'supporterAdded', state: row.state, note: '' }, lang)));
        }
        // The audit log names the case, not the person: their contact stays in the one table that holds it.
        return { result: 'added' as const, audit: { action: 'create' as const, recordId: row.id, before: null, after: { case: number, via: 'me-too', at } } };
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
    trx.selectFrom('case_supporter').select(['mobile', 'email', 'lang']).where('case_id', '=', duplicate.id).orderBy('id').execute(),
    trx.selectFrom('case_contact').select('mobile').where('case_id', '=', original.id).executeTakeFirst(),
    trx.selectFrom('service_case').select('state').where('id', '=', original.id).executeTakeFirstOrThrow(),
  ]);
  // A contact without a mobile (a desk case lodged with none) has nothing to be counted by and is left out.
  const people = [...(contact ? [{ ...contact, lang: duplicate.lang }] : []), ...followers].filter((p) => p.mobile && p.mobile !== originalContact?.mobile);
  let added = 0;
  for (const p of people) {
    const inserted = await trx
      .insertInto('case_supporter')
      .values({ case_id: original.id, mobile: p.mobile, email: p.email, lang: p.lang, via: 'merge', merged_from: duplicate.number, at })
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
