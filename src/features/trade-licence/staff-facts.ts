import type { Lang, PublicCase, StaffFact } from '../cases/service';
import { messages, wordFor } from '../../i18n/messages';
import { rupees } from '../payments/money';
import { formatLongDate } from '../../lib/format';
import type { Application } from './application-schema';

/**
 * The trade licence's facts on the staff case page, declared (not every data key as it is): each labelled in
 * the page's language, choices in its words, the trade by its name, dates written out, the fee in rupees. The
 * owners (with their PAN) are in the service's panel; the contact is the kernel's. Browser-safe, like the
 * service's declaration.
 */

/** The address of the trade's premises, as the public may read it. */
export function premisesOf(data: Pick<Application, 'doorNo' | 'buildingName' | 'road' | 'locality' | 'pincode'>): string {
  return [data.doorNo, data.buildingName, data.road, data.locality, data.pincode].filter(Boolean).join(', ');
}

/** The trade type's name in the page's language, from the admin's table of trades; the code when it is gone from it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the database, passed in so that this file stays browser-safe
async function tradeTypeName(database: any, code: string | undefined, lang: Lang): Promise<string | undefined> {
  if (!code) return code;
  const row: { name_en: string; name_hi: string } | undefined = await database.selectFrom('trade_type').select(['name_en', 'name_hi']).where('code', '=', code).executeTakeFirst();
  return (row && (lang === 'hi' ? row.name_hi || row.name_en : row.name_en)) || code;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see tradeTypeName
export async function tradeLicenceFacts(record: PublicCase, lang: Lang, database: any): Promise<StaffFact[]> {
  const m = messages(lang);
  const t = m.tradeLicence;
  const f = t.facts;
  const d = record.data as unknown as Partial<Application>;
  const facts: StaffFact[] = [];
  const add = (key: string, label: string, value: unknown) => {
    if (value !== undefined && value !== null && String(value) !== '') facts.push({ key, label, value: String(value) });
  };
  add('tradeName', t.tradeName, d.tradeName);
  add('licenceType', f.licenceType, d.licenceType && (wordFor(t.kinds, d.licenceType) ?? d.licenceType));
  if (d.licenceType === 'renewal') {
    add('oldLicenceNumber', f.oldLicenceNumber, d.oldLicenceNumber);
    add('unchanged', f.unchanged, d.unchanged ? f.yes : f.no);
    const labels: Record<string, string> = { ...m.services.trade.labels, ...f, tradeName: t.tradeName, wardId: t.ward, owners: t.panel.owners, areaSqft: f.areaSqft };
    if (d.renewalChanges?.length) add('renewalChanges', t.panel.changes, d.renewalChanges.map((k) => labels[k] ?? k).join(', '));
  }
  add('financialYear', f.financialYear, d.financialYear);
  add('tradeCategory', f.tradeCategory, d.tradeCategory && (t.categories[d.tradeCategory] ?? d.tradeCategory));
  add('tradeType', f.tradeType, await tradeTypeName(database, d.tradeType, lang));
  add('tradeSubType', f.tradeSubType, d.tradeSubType);
  if (d.structureType) add('structure', f.structure, `${t.structureTypes[d.structureType] ?? d.structureType} / ${wordFor(t.structureSubTypes, d.structureSubType ?? '') ?? d.structureSubType ?? ''}`);
  add('areaSqft', f.areaSqft, d.areaSqft);
  add('employees', f.employees, d.employees);
  if (d.commencementDate) add('commencementDate', f.commencementDate, formatLongDate(d.commencementDate, lang));
  add('gstNo', f.gstNo, d.gstNo);
  if (d.doorNo !== undefined) add('premises', f.premises, premisesOf(d as Application));
  if (typeof d.feePaise === 'number') add('fee', f.fee, `₹${rupees(d.feePaise)}`);
  add('licenceNumber', f.licenceNumber, d.licenceNumber);
  if (d.validFrom && d.validUntil) add('validity', f.validity, t.validRange(formatLongDate(d.validFrom, lang), formatLongDate(d.validUntil, lang)));
  return facts;
}
