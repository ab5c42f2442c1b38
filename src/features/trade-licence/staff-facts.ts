import type { Lang, PublicCase, StaffFact } from '../cases/service';
import { messages, wordFor } from '../../i18n/messages';
import { rupees } from '../payments/money';
import { formatLongDate } from '../../lib/format';
import type { Application } from './application-schema';

/**
 * The trade licence's facts on the staff case page, declared (not every data key as it is): each labelled in
 * the page's language, choices in its words, dates written out, the fee in rupees. The owners (with their PAN)
 * are in the service's panel; the contact is the kernel's. Browser-safe, like the service's declaration.
 */

/** The address of the trade's premises, as the public may read it. */
export function premisesOf(data: Pick<Application, 'doorNo' | 'buildingName' | 'road' | 'locality' | 'pincode'>): string {
  return [data.doorNo, data.buildingName, data.road, data.locality, data.pincode].filter(Boolean).join(', ');
}

export function tradeLicenceFacts(record: PublicCase, lang: Lang): StaffFact[] {
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
  add('tradeType', f.tradeType, d.tradeType);
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
