import { wardLocalities } from '../../db/seed/ward-localities';
import { messages } from '../../src/i18n/messages';
import type { Lang } from '../../src/i18n/lang';

/** A demo ward as every ward picker names it, by number and localities: 'Ward 5 — Gandhi Nagar, Station Road'. */
export function wardChoice(lang: Lang, ward: number): string {
  const m = messages(lang);
  return m.wards.choice(m.grievance.ward(ward), wardLocalities[ward]?.[lang] ?? '');
}
