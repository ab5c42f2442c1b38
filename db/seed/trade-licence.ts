import type { Role } from '../../src/lib/roles';
import type { Db } from '../../src/server/db';
import { hasDemoPart } from './demo-parts';
import { now } from '../../src/server/clock';
import { takeStep, type CaseActor } from '../../src/features/cases/cases.server';
import { collectAtCounter } from '../../src/features/payments/counter.server';
import { applyForLicence, feeFor, financialYearsOpen } from '../../src/features/trade-licence/applications.server';
import { judgeDocument } from '../../src/features/trade-licence/verdicts.server';
import { expireLicences } from '../../src/features/trade-licence/licence.server';
import { TRADE_LICENCE } from '../../src/features/trade-licence/trade-licence.service';
import { makePdf } from './pdf';
import { indianDate } from '../../src/lib/india-time';

/**
 * The demo's trade licences: applications in every state of the journey through the same code the site
 * runs (the fee table and checklists are the migration's small town), two issued licences, one of which
 * ends in five days, and one expired. README.md names the first application and its mobile.
 */
export const DEMO_APPLICANT_MOBILE = '9812345670';

const TRADERS = [
  { trade: 'Laxmi Kirana Store', type: 'grocery', owner: 'Sita Ram Sah', mobile: DEMO_APPLICANT_MOBILE, area: 180, staff: 2 },
  { trade: 'Annapurna Bhojanalay', type: 'restaurant', owner: 'Kamla Devi', mobile: '9812345671', area: 400, staff: 8 },
  { trade: 'Shiv Atta Chakki', type: 'flour-mill', owner: 'Mahesh Yadav', mobile: '9812345672', area: 600, staff: 4 },
  { trade: 'Noor Tailors', type: 'tailoring', owner: 'Imran Ansari', mobile: '9812345673', area: 90, staff: 3 },
  { trade: 'Kisan Cold Storage', type: 'cold-storage', owner: 'Ravi Shankar', mobile: '9812345674', area: 5000, staff: 25 },
  { trade: 'Gupta General Store', type: 'grocery', owner: 'Pankaj Gupta', mobile: '9812345675', area: 250, staff: 6 },
  { trade: 'Sharma Sweets', type: 'restaurant', owner: 'Neha Sharma', mobile: '9812345676', area: 300, staff: 10 },
  { trade: 'Ganga Tailoring', type: 'tailoring', owner: 'Rita Kumari', mobile: '9812345677', area: 120, staff: 1 },
  { trade: 'Bharat Provision', type: 'grocery', owner: 'Ajay Kumar', mobile: '9812345678', area: 150, staff: 2 },
  { trade: 'Maa Tara Atta Mill', type: 'flour-mill', owner: 'Sunil Mandal', mobile: '9812345679', area: 450, staff: 3 },
] as const;

/** Where each demo application is left. */
const STOPS = ['Applied', 'NeedsApplicant', 'Inspection', 'PendingApproval', 'PendingPayment', 'Issued', 'IssuedEnding', 'Rejected', 'Cancelled', 'Expired'] as const;

export async function seedTradeLicenceDemo(database: Db): Promise<boolean> {
  // The demo's paid bills are receipted through the payments feature, which reads the modules' payables: the
  // start that seeds has installed the composition list.
  if (await hasDemoPart(database, 'tradeLicence')) return false;
  const ward = await database.selectFrom('ward').select('id').orderBy('id').executeTakeFirst();
  /** The demo account of a role, or the first admin standing in for it. */
  const actor = async (role: Role): Promise<CaseActor> => {
    for (const party of [role, 'admin'] as const) {
      const user = await database.selectFrom('app_user').select(['id', 'email']).where('role', '=', party as never).orderBy('id').executeTakeFirst();
      if (user) return { party, userId: user.id, label: user.email };
    }
    return { party: 'admin', userId: null, label: 'Demo' };
  };
  if (!ward) return false;
  const [verifier, inspector, approver, cashier] = [await actor('verifier'), await actor('inspector'), await actor('approver'), await actor('cashier')];
  const fy = financialYearsOpen()[0];
  const citizen: CaseActor = { party: 'citizen', userId: null, label: 'Citizen' };
  const pdf = async (what: string, trade: string) => ({ bytes: await makePdf(what, [trade]), contentType: 'application/pdf' });

  for (const [i, trader] of TRADERS.entries()) {
    const stop = STOPS[i];
    const structure = 'pucca';
    const fee = await feeFor({ tradeType: trader.type, structure, kind: 'new', areaSqft: trader.area, employees: trader.staff, financialYear: fy }, now(), database);
    if (!fee.ok) continue;
    const category = trader.type === 'grocery' ? 'Retail' : trader.type === 'restaurant' || trader.type === 'tailoring' ? 'Service' : 'Manufacturing';
    const documents = Object.fromEntries(await Promise.all(['identity', 'premises', 'photo', 'fssai', 'pollution'].map(async (code) => [code, await pdf(`${code} ${trader.trade}`, trader.owner)] as const)));
    const { number } = await applyForLicence(
      {
        fields: {
          financialYear: fy, licenceType: 'new', tradeName: trader.trade, structureType: 'immovable', structureSubType: structure, commencementDate: '2025-04-01',
          areaSqft: trader.area, employees: trader.staff, tradeCategory: category, tradeType: trader.type, tradeSubType: trader.trade, wardId: ward.id,
          doorNo: String(10 + i), road: 'Station Road', locality: 'Bazar', pincode: '845401', correspondenceAddress: `${10 + i} Station Road, Bazar`, feePaise: fee.totalPaise,
          owners: [{ name: trader.owner, guardianName: 'Late Shri Ram', relationship: 'Father', gender: 'Male', dateOfBirth: '1975-01-15', mobile: trader.mobile, email: '', pan: `ABCDE${1000 + i}F` }],
        },
        documents,
        lang: i % 2 === 0 ? 'hi' : 'en',
        source: 'web',
      },
      citizen,
      database,
    );
    if (stop === 'Applied') continue;
    const stored = await database.selectFrom('service_case').select('data').where('number', '=', number).executeTakeFirstOrThrow();
    const list = (JSON.parse(stored.data) as { documentCodes: string[] }).documentCodes;
    if (stop === 'NeedsApplicant') {
      await judgeDocument(number, list[0], { verdict: 'accept' }, verifier, database);
      await judgeDocument(number, 'premises', { verdict: 'refuse', reason: 'The rent agreement is not signed by the landlord.' }, verifier, database);
      await takeStep(TRADE_LICENCE, number, 'sendBack', { note: 'Send a rent agreement signed by the landlord.' }, verifier, database);
      continue;
    }
    if (stop === 'Rejected') {
      await takeStep(TRADE_LICENCE, number, 'reject', { note: 'The premises are in a residential lane where this trade is not allowed.' }, verifier, database);
      continue;
    }
    for (const code of list) await judgeDocument(number, code, { verdict: 'accept' }, verifier, database);
    await takeStep(TRADE_LICENCE, number, 'verify', {}, verifier, database);
    if (stop === 'Inspection') continue;
    await takeStep(TRADE_LICENCE, number, 'forward', { note: `Visited ${trader.trade}: premises and area as stated, fire extinguisher present.` }, inspector, database);
    if (stop === 'PendingApproval') continue;
    await takeStep(TRADE_LICENCE, number, 'approve', {}, approver, database);
    if (stop === 'PendingPayment') continue;
    if (cashier.userId === null) continue;
    await collectAtCounter({ kind: 'trade-licence', reference: number, mode: 'cash', instrument: '', cashier: { id: cashier.userId, email: cashier.label } }, database);
    if (stop === 'Cancelled') await takeStep(TRADE_LICENCE, number, 'cancel', { note: 'The trade has closed, as its owner wrote to the council.' }, approver, database);
    if (stop === 'IssuedEnding' || stop === 'Expired') {
      // A licence issued for a shorter period than the year, to show a reminder due and an expiry.
      const days = stop === 'IssuedEnding' ? 5 : -1;
      const until = indianDate(now() + days * 86_400_000);
      // The expired one began a year before it ended, so its validity reads forwards in the register.
      const from = days < 0 ? indianDate(now() - 365 * 86_400_000) : undefined;
      const row = await database.selectFrom('service_case').select(['id', 'data']).where('number', '=', number).executeTakeFirstOrThrow();
      await database.updateTable('trade_licence').set({ valid_until: until, ...(from ? { valid_from: from } : {}) }).where('case_id', '=', row.id).execute();
      await database.updateTable('service_case').set({ data: JSON.stringify({ ...JSON.parse(row.data), validUntil: until, ...(from ? { validFrom: from } : {}) }) }).where('id', '=', row.id).execute();
    }
  }
  await expireLicences({ database, now: now() });
  return true;
}
