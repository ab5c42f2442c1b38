import { db } from '../../../server/db';
import { formatWhen } from '../../../lib/format';
import { messages } from '../../../i18n/messages';
import type { Lang } from '../../../i18n/lang';
import { listWards } from '../../complaint/complaint.server';
import { listCategories } from '../../grievance/grievance-queries.server';
import { categoryNamesFor } from '../../grievance/category-names.server';
import type { CaseDetail } from '../case-source.server';
import { publicCaseOf, type AnyService, type StaffFact } from '../service';

/**
 * What the staff case page lists of a case, each fact labelled in the page's language: the kernel's own (number,
 * state, when lodged and due, the category and the ward by name), then the service's declared facts. A service
 * that declares none shows its data's plain values by their keys; an instant among them is written in India
 * time, never as the stored UTC text.
 */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The grievance categories by id, named in the page's language: the inbox's rows and the case page name a case's category so. */
export async function categoryNames(locals: { lang: Lang }): Promise<Map<number, { text: string; english: boolean }>> {
  const [categories, name] = await Promise.all([listCategories(), categoryNamesFor(locals)]);
  return new Map(categories.map((c) => [c.id, name(c.title)]));
}

export async function caseFacts(service: AnyService, found: CaseDetail, locals: { lang: Lang }): Promise<StaffFact[]> {
  const lang = locals.lang;
  const t = messages(lang).caseDesk;
  const record = publicCaseOf(found);
  const [categories, wards] = await Promise.all([found.categoryId !== null ? categoryNames(locals) : null, found.wardId !== null ? listWards() : []]);
  const facts: StaffFact[] = [
    { key: 'number', label: t.number, value: found.number },
    { key: 'state', label: t.state, value: found.stateWords[lang] },
    { key: 'lodgedAt', label: t.lodged, value: formatWhen(found.lodgedAt, lang) },
  ];
  if (found.dueAt) facts.push({ key: 'dueAt', label: t.due, value: formatWhen(found.dueAt, lang) });
  const category = found.categoryId !== null ? categories?.get(found.categoryId) : undefined;
  if (category) facts.push({ key: 'category', label: t.category, value: category.text });
  const ward = wards.find((w) => w.id === found.wardId)?.wardNumber;
  if (ward) facts.push({ key: 'ward', label: t.ward, value: t.wardNumber(ward) });
  if (service.staffFacts) return [...facts, ...(await service.staffFacts(record, lang, db()))];
  const words: Record<string, string> = t.dataNames;
  for (const [key, value] of Object.entries(found.data)) {
    if (value === null || value === undefined || value === '' || typeof value === 'object' || key === 'source') continue;
    const label = words[key] ?? key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());
    const text = typeof value === 'boolean' ? (value ? '✓' : '—') : typeof value === 'string' && INSTANT.test(value) ? formatWhen(value, lang) : String(value);
    facts.push({ key, label, value: text });
  }
  return facts;
}
