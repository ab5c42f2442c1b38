import type { Db } from '../../src/server/db';
import { hasDemoPart } from './demo-parts';
import { now } from '../../src/server/clock';
import { storeMedia } from '../../src/server/media';
import { takeStep, type CaseActor } from '../../src/features/cases/cases.server';
import { collectAtCounter } from '../../src/features/payments/counter.server';
import { applyForConnection, staffPropertyLookup, waterFeeFor } from '../../src/features/water/applications.server';
import { billConnection } from '../../src/features/water/bills.server';
import { connectionByNumber } from '../../src/features/water/connections.server';
import { outstandingPaise } from '../../src/features/water/requirements';
import { WATER } from '../../src/features/water/water.service';
import { previousQuarter, quarterDays, quarterOf, type ConnectionType } from '../../src/features/water/tariff';
import { addDays, indianDate } from '../../src/lib/india-time';
import { makePdf } from './pdf';
import sharp from 'sharp';

/**
 * The demo ward's water: eight connections on the first properties of ward 05, laid through the real steps
 * (applied, verified, inspected, approved, the fee paid at the counter), backdated to two quarters before the
 * last, then billed for the last two quarters: four flat, four metered with a reading each quarter. The first
 * (W05-0001) pays nothing and carries arrears with a late fee, the second pays part, the third pays all; the
 * others in turn. README.md names the first two connections with their mobiles.
 */
const PLAN: { type: ConnectionType; pipe: 15 | 20 | 25; billing: 'flat' | 'metered'; scenario: 'unpaid' | 'part' | 'paid' }[] = [
  { type: 'domestic', pipe: 15, billing: 'flat', scenario: 'unpaid' },
  { type: 'domestic', pipe: 15, billing: 'metered', scenario: 'part' },
  { type: 'commercial', pipe: 20, billing: 'metered', scenario: 'paid' },
  { type: 'domestic', pipe: 20, billing: 'flat', scenario: 'paid' },
  { type: 'domestic', pipe: 15, billing: 'metered', scenario: 'unpaid' },
  { type: 'institutional', pipe: 25, billing: 'metered', scenario: 'part' },
  { type: 'domestic', pipe: 15, billing: 'flat', scenario: 'paid' },
  { type: 'domestic', pipe: 15, billing: 'flat', scenario: 'part' },
];

/** Kilolitres read at the end of each of the two quarters, per metered connection in the plan's order. */
const READINGS = [[0, 0], [38, 81], [64, 131], [0, 0], [22, 57], [140, 296], [0, 0], [0, 0]];

export async function seedWaterDemo(database: Db): Promise<boolean> {
  // The fee and the bills are receipted through the payments feature, which reads the modules' payables: the
  // start that seeds has installed the composition list.
  if (await hasDemoPart(database, 'water')) return false;
  const properties = await database.selectFrom('property').select(['number', 'mobile', 'holder_name']).where('ward', '=', '05').orderBy('number').limit(PLAN.length).execute();
  if (properties.length < PLAN.length) return false;
  // Each step is taken by an account of its role (an admin where the role has none yet): the lowest id among
  // both would always be the admin's.
  const actor = async (role: string): Promise<CaseActor | undefined> => {
    for (const party of [role, 'admin']) {
      const user = await database.selectFrom('app_user').select(['id', 'email', 'role']).where('role', '=', party as never).orderBy('id').executeTakeFirst();
      if (user) return { party: user.role, userId: user.id, label: user.email };
    }
    return undefined;
  };
  const [clerk, verifier, inspector, approver, counter] = [await actor('user'), await actor('verifier'), await actor('inspector'), await actor('approver'), await actor('cashier')];
  // The connections are laid through the real steps, paid at the counter: a start with no staff accounts (a
  // production start with the demo makes none with known passwords) lays none.
  if (!clerk || !verifier || !inspector || !approver || !counter?.userId) return false;
  const cashier = { id: counter.userId, email: counter.label };
  const pdf = async (what: string) => ({ bytes: await makePdf(what, ['Ward 05']), contentType: 'application/pdf' });
  const photo = async (colour: string) => ({ bytes: new Uint8Array(await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } }).jpeg().toBuffer()), contentType: 'image/jpeg' });
  const lastEnded = previousQuarter(quarterOf(indianDate(now())));
  const quarters = [previousQuarter(lastEnded), lastEnded];
  const laidOn = addDays(quarterDays(quarters[0]).from, -10);

  for (const [i, plan] of PLAN.entries()) {
    const p = properties[i];
    const fee = await waterFeeFor(plan.type, plan.pipe, database);
    const documents: Record<string, { bytes: Uint8Array; contentType: string }> = { identity: await pdf(`Identity of ${p.holder_name}`), 'tax-receipt': await pdf(`Tax receipt ${p.number}`) };
    if (plan.type === 'commercial') documents['trade-proof'] = await pdf(`Shop registration ${p.number}`);
    if (plan.type === 'institutional') documents['institution-letter'] = await pdf(`Letter for ${p.number}`);
    const { number } = await applyForConnection(
      {
        fields: { propertyNumber: p.number, mobile: p.mobile, name: p.holder_name, email: '', connectionType: plan.type, pipeMm: String(plan.pipe), billing: plan.billing, feePaise: String(fee.totalPaise) },
        documents, lang: i % 2 ? 'hi' : 'en', source: 'counter', findProperty: staffPropertyLookup(database),
      },
      clerk,
      database,
    );
    await takeStep(WATER, number, 'verify', { note: '' }, verifier, database);
    await takeStep(WATER, number, 'inspect', { note: 'Main line in the lane; a short run to the house.', photos: [await photo('#0369a1')] }, inspector, database);
    await takeStep(WATER, number, 'approve', { note: '' }, approver, database);
    await collectAtCounter({ kind: 'water-connection', reference: number, mode: 'cash', instrument: '', cashier }, database);
    const row = await database.selectFrom('water_connection').innerJoin('service_case', 'service_case.id', 'water_connection.case_id').select(['water_connection.id', 'water_connection.number']).where('service_case.number', '=', number).executeTakeFirstOrThrow();
    // Laid before the first quarter billed, as a ward's older connections were.
    await database.updateTable('water_connection').set({ connected_on: laidOn }).where('id', '=', row.id).execute();
    const meterPhoto = plan.billing === 'metered' ? await storeMedia((await photo('#334155')).bytes, 'image/jpeg', database, { private: true }) : 0;
    for (const [q, quarter] of quarters.entries()) {
      if (plan.billing === 'metered') {
        const readOn = addDays(quarterDays(quarter).to, -3);
        await database.insertInto('water_reading').values({ connection_id: row.id, read_on: readOn, reading_kl: READINGS[i][q], photo_media_id: meterPhoto, by_user_id: inspector.userId, by_label: inspector.label, at: `${readOn}T05:30:00.000Z` }).execute();
      }
      const connection = await connectionByNumber(row.number, database);
      await billConnection(connection!, quarter, database);
      // Each bill falls due in its own time: the older one is overdue by the time the next is made.
      const due = addDays(quarterDays(quarter).to, 30);
      await database.updateTable('water_bill').set({ billed_on: addDays(quarterDays(quarter).to, 1), due_on: due }).where('connection_id', '=', row.id).where('quarter', '=', quarter).execute();
      const owed = await outstandingPaise(database, row.id);
      const pay = plan.scenario === 'paid' ? owed : plan.scenario === 'part' && q === quarters.length - 1 ? Math.floor(owed / 200) * 100 : plan.scenario === 'part' ? owed : 0;
      if (pay >= 100) await collectAtCounter({ kind: 'water-charges', reference: row.number, amountPaise: pay, mode: 'cash', instrument: '', cashier }, database);
    }
  }
  return true;
}
