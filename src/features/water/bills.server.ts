import { db, type Db } from '../../server/db';
import { HttpError } from '../../server/http';
import { now } from '../../server/clock';
import { runWrite } from '../../server/write-path';
import { channelsFor, pokeOutbox, queueMessages } from '../../server/outbox';
import type { AcceptedFile } from '../../server/content/uploads';
import { addDays, indianDate } from '../../lib/india-time';
import { formatLongDate } from '../../lib/format';
import { defineJob, type JobContext } from '../../server/jobs';
import { storeEvent, type CaseActor } from '../cases/cases.server';
import { rupees } from '../payments/money';
import { readTariff } from './applications.server';
import { BILLED_STATES, connectionByNumber, type ConnectionRow } from './connections.server';
import { outstandingPaise } from './requirements';
import { previousQuarter, quarterBill, quarterDays, quarterOf, type ConnectionType } from './tariff';
import { waterWords } from './water-words';

/**
 * Meter readings and quarterly bills. A meter reader enters a reading with a photo of the meter; the photo is
 * a private file of the connection's case (its staff and its holder may open it), and the reading is an entry
 * on the case's timeline. Each quarter every connection the water reached is billed once: a flat one at its
 * type's rate, a metered one on its latest reading since the quarter began (one not yet read waits for its
 * reading), each with what earlier bills left unpaid and, when that is overdue, the late fee.
 */
export const READING_EVENT = 'meter-reading';
export const BILL_EVENT = 'water-bill';

export async function lastReading(connectionId: number, database: Db = db()) {
  return database.selectFrom('water_reading').select(['reading_kl', 'read_on', 'id']).where('connection_id', '=', connectionId).orderBy('read_on', 'desc').orderBy('id', 'desc').executeTakeFirst();
}

/** Records a reading in whole kilolitres with the meter's photo; refused below the last reading or on a flat connection. */
export async function recordReading(numberRaw: string, readingRaw: unknown, photo: AcceptedFile | undefined, actor: CaseActor, database: Db = db()): Promise<{ readingKl: number; readOn: string }> {
  const words = waterWords('en').refusals;
  const connection = await connectionByNumber(String(numberRaw ?? '').trim().toUpperCase(), database);
  if (!connection) throw new HttpError(404, words.connection, { connection: words.connection });
  if (connection.billing !== 'metered' || !BILLED_STATES.includes(connection.state)) throw new HttpError(409, words.notBillable, { connection: words.notBillable });
  const text = String(readingRaw ?? '').trim();
  const errors: Record<string, string> = {};
  if (!/^\d{1,9}$/.test(text)) errors.reading = words.reading;
  if (!photo) errors.photo = words.photo;
  if (Object.keys(errors).length) throw new HttpError(400, Object.values(errors)[0], errors);
  const readingKl = Number(text);
  const readOn = indianDate(now());
  return runWrite(
    {
      actor: { id: actor.userId, email: actor.label }, entity: 'water-reading', table: 'water_reading', files: [], uploads: { photo }, privateUploads: true,
      change: async (trx, media) => {
        // The case's row is touched first, so that on PostgreSQL two readings of one meter take turns.
        await trx.updateTable('service_case').set({ updated_at: new Date(now()).toISOString() }).where('id', '=', connection.case_id).execute();
        const last = await lastReading(connection.id, trx);
        if (last && readingKl < last.reading_kl) throw new HttpError(409, words.readingLow(last.reading_kl), { reading: words.readingLow(last.reading_kl) });
        const at = new Date(now()).toISOString();
        const row = await trx
          .insertInto('water_reading')
          .values({ connection_id: connection.id, read_on: readOn, reading_kl: readingKl, photo_media_id: media.photo, by_user_id: actor.userId, by_label: actor.label, at })
          .returning('id')
          .executeTakeFirstOrThrow();
        await storeEvent(trx, connection.case_id, at, actor, { action: READING_EVENT, from: connection.state, to: connection.state, note: '', visibility: 'staff', data: { readingKl, meter: connection.meter_number } }, [{ id: media.photo, kind: 'photo' }]);
        return { result: { readingKl, readOn }, audit: { action: 'create', recordId: row.id, before: null, after: { connection: connection.number, readingKl, readOn } } };
      },
    },
    database,
  );
}

type BillOutcome = 'billed' | 'already' | 'unread' | 'not-billed';

/** Bills one connection for a quarter, once; a metered connection not read since the quarter began waits. */
export async function billConnection(connection: ConnectionRow, quarter: string, database: Db = db()): Promise<BillOutcome> {
  const days = quarterDays(quarter);
  if (connection.connected_on > days.to || !BILLED_STATES.includes(connection.state)) return 'not-billed';
  return runWrite(
    {
      actor: { id: null, email: 'System' }, entity: 'water-bill', table: 'water_bill', files: [],
      change: async (trx) => {
        // Taken in the connection's row lock (PostgreSQL), so that two billing runs at once bill it once.
        await trx.updateTable('water_connection').set({ work_order: connection.work_order }).where('id', '=', connection.id).execute();
        const already = await trx.selectFrom('water_bill').select('id').where('connection_id', '=', connection.id).where('quarter', '=', quarter).executeTakeFirst();
        if (already) return { result: 'already' as const, audit: null };
        const last = await trx.selectFrom('water_bill').select(['current_kl', 'due_on']).where('connection_id', '=', connection.id).orderBy('quarter', 'desc').executeTakeFirst();
        let previousKl: number | undefined;
        let currentKl: number | undefined;
        if (connection.billing === 'metered') {
          const reading = await trx.selectFrom('water_reading').select('reading_kl').where('connection_id', '=', connection.id).where('read_on', '>=', days.from).orderBy('read_on', 'desc').orderBy('id', 'desc').executeTakeFirst();
          if (!reading) return { result: 'unread' as const, audit: null };
          previousKl = last?.current_kl ?? 0;
          currentKl = Math.max(reading.reading_kl, previousKl);
        }
        const today = indianDate(now());
        const tariff = await readTariff(trx);
        const arrearsPaise = Math.max(0, await outstandingPaise(trx, connection.id));
        const bill = quarterBill(tariff, {
          type: connection.connection_type as ConnectionType, billing: connection.billing, previousReadingKl: previousKl, currentReadingKl: currentKl,
          arrearsPaise, arrearsOverdue: Boolean(last && last.due_on < today),
        });
        // One bill per connection and quarter, named after the connection: its number with the bill's code and the quarter.
        const number = connection.number.replace('-WC-', `-WB-${quarter}-`);
        const dueOn = addDays(today, tariff.dueDays);
        const row = await trx
          .insertInto('water_bill')
          .values({
            number, connection_id: connection.id, quarter, billed_on: today, due_on: dueOn, billing: connection.billing, previous_kl: previousKl ?? null, current_kl: currentKl ?? null,
            consumption_kl: bill.consumptionKl, charge_paise: bill.chargePaise, arrears_paise: bill.arrearsPaise, late_fee_paise: bill.lateFeePaise, total_paise: bill.totalPaise,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const lang = connection.lang === 'hi' ? 'hi' : 'en';
        const contact = await trx.selectFrom('case_contact').select(['mobile', 'email']).where('case_id', '=', connection.case_id).executeTakeFirst();
        const body = waterWords(lang).messages.billIssued(connection.number, quarter, rupees(bill.totalPaise), formatLongDate(dueOn, lang));
        await queueMessages(trx, channelsFor({ mobile: contact?.mobile ?? connection.mobile, email: contact?.email ?? '' }).map((to) => ({ ...to, lang, subject: body, body, reference: number })));
        return { result: 'billed' as const, audit: { action: 'create', recordId: row.id, before: null, after: { number, connection: connection.number, quarter, ...bill } } };
      },
    },
    database,
  );
}

/** Bills every connection for a quarter; answers how many were billed and how many metered ones wait for a reading. */
export async function billQuarter(quarter: string, database: Db = db(), limit = 500): Promise<{ billed: number; unread: number }> {
  const candidates = await database
    .selectFrom('water_connection')
    .innerJoin('service_case', 'service_case.id', 'water_connection.case_id')
    .select('water_connection.number')
    .where('service_case.state', 'in', BILLED_STATES)
    .where('water_connection.connected_on', '<=', quarterDays(quarter).to)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('water_bill').select('water_bill.id').whereRef('water_bill.connection_id', '=', 'water_connection.id').where('water_bill.quarter', '=', quarter))))
    .orderBy('water_connection.id')
    .limit(limit)
    .execute();
  let billed = 0;
  let unread = 0;
  for (const { number } of candidates) {
    const connection = await connectionByNumber(number, database);
    if (!connection) continue;
    const outcome = await billConnection(connection, quarter, database);
    if (outcome === 'billed') billed++;
    if (outcome === 'unread') unread++;
  }
  if (billed > 0) void pokeOutbox(database);
  return { billed, unread };
}

/** A quarter as a person may name it: '2026-27-Q3'. */
export const isQuarter = (value: string) => /^\d{4}-\d{2}-Q[1-4]$/.test(value) && quarterOf(quarterDays(value).from) === value;

/** The quarter that ended last, as of a moment. */
export const lastQuarterEnded = (at: number) => previousQuarter(quarterOf(indianDate(at)));

export const WATER_JOBS = [
  // Hourly, so a metered connection read after the quarter ended is billed within the hour of its reading.
  defineJob({ name: 'water-billing', everyMinutes: 60, run: async ({ database, now: at }: JobContext) => void (await billQuarter(lastQuarterEnded(at), database)) }),
];

export type BillStatus = 'paid' | 'part-paid' | 'unpaid';

/** A connection's bills, newest first, each with what is still owed on it (payments meet the oldest bill first). */
export async function billsOf(connectionId: number, database: Db = db()) {
  const bills = await database.selectFrom('water_bill').selectAll().where('connection_id', '=', connectionId).orderBy('quarter').execute();
  const paid = await database
    .selectFrom('water_payment')
    .innerJoin('payment_receipt', 'payment_receipt.id', 'water_payment.receipt_id')
    .select(['payment_receipt.number', 'payment_receipt.paid_at', 'payment_receipt.mode', 'payment_receipt.state', 'payment_receipt.token', 'water_payment.amount_paise'])
    .where('water_payment.connection_id', '=', connectionId)
    .orderBy('payment_receipt.paid_at')
    .execute();
  let pool = paid.filter((p) => p.state === 'valid').reduce((sum, p) => sum + p.amount_paise, 0);
  const lines = bills.map((b) => {
    const own = b.charge_paise + b.late_fee_paise;
    const met = Math.min(pool, own);
    pool -= met;
    const status: BillStatus = met === own ? 'paid' : met === 0 ? 'unpaid' : 'part-paid';
    return {
      number: b.number, quarter: b.quarter, billedOn: b.billed_on, dueOn: b.due_on, billing: b.billing, previousKl: b.previous_kl, currentKl: b.current_kl, consumptionKl: b.consumption_kl,
      chargePaise: b.charge_paise, arrearsPaise: b.arrears_paise, lateFeePaise: b.late_fee_paise, totalPaise: b.total_paise, owedPaise: own - met, status,
    };
  });
  return {
    bills: lines.reverse(),
    outstandingPaise: lines.reduce((sum, b) => sum + b.owedPaise, 0),
    receipts: paid.reverse().map((p) => ({ number: p.number, paidAt: p.paid_at, mode: p.mode, state: p.state, amountPaise: p.amount_paise, token: p.token })),
  };
}

/** What a holder (or the counter) sees of a connection: its facts, its bills and payments, its latest reading. */
export async function connectionStatement(connection: ConnectionRow, database: Db = db()) {
  const ledger = await billsOf(connection.id, database);
  const reading = connection.billing === 'metered' ? await lastReading(connection.id, database) : undefined;
  return {
    connectionNumber: connection.number, applicationNumber: connection.application_number, state: connection.state, propertyNumber: connection.property_number,
    ward: connection.ward, connectionType: connection.connection_type, pipeMm: connection.pipe_mm, billing: connection.billing, meterNumber: connection.meter_number || null,
    connectedOn: connection.connected_on, lastReading: reading ? { readingKl: reading.reading_kl, readOn: reading.read_on } : null, ...ledger,
  };
}
