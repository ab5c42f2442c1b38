import type { Lang, PublicCase, StaffFact } from '../cases/service';
import { messages } from '../../i18n/messages';
import { formatWhen } from '../../lib/format';

/**
 * A grievance's facts on the staff case page: what the citizen wrote and what became of it, labelled in the
 * page's language, times in India time. The old wire's bookkeeping kept in its data (picture slots, district
 * and ULB ids, the SLA copied at lodging, who entered it) is for the legacy calls, not for a person; the point
 * is on the map, the photos above and the category, ward and officer are the kernel's. Browser-safe.
 */
export function grievanceFacts(record: PublicCase, lang: Lang): StaffFact[] {
  const t = messages(lang).caseDesk;
  const names = { ...t.dataNames, mergedInto: t.mergedInto };
  const d = record.data;
  const facts: StaffFact[] = [];
  const add = (key: keyof typeof names, value: unknown) => {
    if (value !== undefined && value !== null && String(value).trim() !== '') facts.push({ key, label: names[key], value: String(value) });
  };
  add('landmark', d.landmark);
  add('addressString', d.addressString);
  add('description', d.description);
  add('suggestion', d.suggestion);
  add('mediaUrl', d.mediaUrl);
  add('mergedInto', d.mergedInto);
  if (typeof d.decidedAt === 'string') add('decidedAt', formatWhen(d.decidedAt, lang));
  if (typeof d.rating === 'number') add('rating', `${d.rating} / 5`);
  add('ratingComment', d.ratingComment);
  if (typeof d.closedAt === 'string') add('closedAt', formatWhen(d.closedAt, lang));
  return facts;
}
