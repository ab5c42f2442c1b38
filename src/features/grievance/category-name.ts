import type { Lang } from '../../i18n/lang';
import { messages } from '../../i18n/messages';
import { storedName } from '../../i18n/stored-names';

/**
 * A grievance category's name on a page of `lang`: categories are stored by their English title, which staff
 * may add to. `own` is the Hindi names admins gave (categoryNamesFor in category-names.server.ts).
 */
export function categoryName(lang: Lang, title: string, own?: ReadonlyMap<string, string>): { text: string; english: boolean } {
  return storedName(lang, messages(lang).grievance.categoryNames, title, own);
}
