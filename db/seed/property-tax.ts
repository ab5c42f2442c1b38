import type { Db } from '../../src/server/db';
import { hasDemoPart } from './demo-parts';
import { now } from '../../src/server/clock';
import { issueReceipt } from '../../src/features/payments/receipts.server';
import { raiseDemands } from '../../src/features/property-tax/register.server';
import { basisPoints } from '../../src/features/property-tax/tax-arithmetic';
import { financialYear, indianDate } from '../../src/lib/india-time';
import { nameDemoRecipients } from '../../src/server/outbox';

/**
 * The demo ward: rates for the three heads the schema starts with, 24 properties of ward 05 with last year's and this year's demands,
 * some paid in full at the counter, some in part, some in arrears. README.md names three of them.
 */
/** Paise per square foot a year. */
const RATES: Record<string, Record<string, number>> = {
  holding: { residential: 150, commercial: 400, mixed: 250, vacant: 50 },
  water: { residential: 30, commercial: 60, mixed: 45, vacant: 0 },
  sewerage: { residential: 20, commercial: 40, mixed: 30, vacant: 0 },
};

const NAMES = [
  'Ramesh Prasad', 'Sunita Devi', 'Mohammad Irfan', 'Anita Kumari', 'Vijay Singh', 'Kavita Sharma', 'Rajesh Gupta', 'Pooja Yadav',
  'Abdul Karim', 'Meena Kumari', 'Suresh Paswan', 'Rekha Sinha', 'Arvind Mishra', 'Nazia Parveen', 'Manoj Tiwari', 'Lalita Devi',
  'Dinesh Mahto', 'Shabnam Khatoon', 'Pramod Jha', 'Usha Rani', 'Sanjay Chaudhary', 'Geeta Devi', 'Ashok Ram', 'Farida Begum',
];
const USAGE = ['residential', 'residential', 'commercial', 'residential', 'mixed', 'residential', 'vacant', 'commercial'] as const;

/** What README.md promises: the first three properties, their mobiles and what a payer finds. */
export const DEMO_PROPERTIES = [
  { number: 'W05-0001', mobile: '9876543210', state: 'arrears' },
  { number: 'W05-0002', mobile: '9123456780', state: 'part paid' },
  { number: 'W05-0003', mobile: '9988776655', state: 'paid' },
] as const;

type Scenario = 'arrears' | 'part' | 'paid' | 'current';
const scenarioOf = (i: number): Scenario => (['arrears', 'part', 'paid', 'current'] as const)[i % 4];

export async function seedPropertyTaxDemo(database: Db): Promise<boolean> {
  // The demo's paid bills are receipted through the payments feature, which reads the modules' payables: the
  // start that seeds has installed the composition list.
  if (await hasDemoPart(database, 'propertyTax')) return false;
  await database.transaction().execute(async (trx) => {
    for (const [head, byUsage] of Object.entries(RATES)) {
      for (const [usage, paise] of Object.entries(byUsage)) {
        await trx.insertInto('property_tax_rate').values({ head, usage, paise_per_sqft: paise }).onConflict((oc) => oc.columns(['head', 'usage']).doNothing()).execute();
      }
    }
    const at = new Date(now()).toISOString();
    for (let i = 0; i < NAMES.length; i++) {
      const number = `W05-${String(i + 1).padStart(4, '0')}`;
      const mobile = DEMO_PROPERTIES[i]?.mobile ?? `98765${String(10000 + i * 37).slice(-5)}`;
      nameDemoRecipients([mobile]);
      await trx
        .insertInto('property')
        .values({ number, ward: '05', holder_name: NAMES[i], mobile, address: `${i + 1}, Mohalla Rampur, Ward 05, Kamalpur`, usage: USAGE[i % USAGE.length], area_sqft: 600 + ((i * 137) % 1400), floors: 1 + (i % 3), updated_at: at })
        .execute();
    }
    const today = indianDate(now());
    const current = financialYear(today);
    const start = Number(current.slice(0, 4));
    const previous = `${start - 1}-${String(start % 100).padStart(2, '0')}`;
    await raiseDemands(trx, previous);
    await raiseDemands(trx, current);

    // History, paid at the counter in May of each year (within the rebate), written without messages.
    const properties = await trx.selectFrom('property').select(['id', 'number', 'holder_name', 'mobile']).orderBy('number').execute();
    for (const [i, p] of properties.entries()) {
      const scenario = scenarioOf(i === 2 ? 2 : i);
      const years = scenario === 'paid' ? [previous, current] : scenario === 'part' || scenario === 'current' ? [previous] : [];
      for (const fy of years) await paidInMay(trx, p, fy, 1);
      if (scenario === 'part') await paidInMay(trx, p, current, 0.5);
    }
  });
  return true;
}

async function paidInMay(trx: Db, p: { id: number; number: string; holder_name: string; mobile: string }, fy: string, share: number): Promise<void> {
  const demands = await trx.selectFrom('property_tax_demand').selectAll().where('property_id', '=', p.id).where('fy', '=', fy).orderBy('head').execute();
  const whole = share === 1;
  const allocation = demands.map((d) => {
    const principal = whole ? d.amount_paise : Math.floor(d.amount_paise * share);
    return { fy, head: d.head, principalPaise: principal, penaltyPaise: 0, rebatePaise: whole ? basisPoints(principal, 500) : 0 };
  });
  const amount = allocation.reduce((s, a) => s + a.principalPaise - a.rebatePaise, 0);
  const paidAt = Date.parse(`${fy.slice(0, 4)}-05-${String(10 + (p.id % 18)).padStart(2, '0')}T11:00:00+05:30`);
  const iso = new Date(paidAt).toISOString();
  const bill = await trx
    .insertInto('payment_bill')
    .values({ kind: 'property-tax', reference: p.number, description: `Property tax ${p.number}`, amount_paise: amount, payer_name: p.holder_name, payer_mobile: p.mobile, lang: 'en', state: 'open', open_key: null, details_json: JSON.stringify({ propertyId: p.id, allocation }), created_at: iso, valid_until: iso })
    .returning('id')
    .executeTakeFirstOrThrow();
  await issueReceipt(trx, { billId: bill.id, mode: 'cash', amountPaise: amount, paidAt, notify: false });
}
