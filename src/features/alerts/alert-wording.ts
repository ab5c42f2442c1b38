import type { SiteAlert } from './alert.schema';
import type { PageLanguage } from './page-language';

/**
 * What a banner says on a page in `lang`: the Hindi text on a Hindi page when the alert has one, otherwise
 * the English, marked as English so a Hindi page's reader voice switches for it.
 */
export function alertWording(alert: Pick<SiteAlert, 'textEn' | 'textHi'>, lang: PageLanguage): { text: string; lang: PageLanguage } {
  return lang === 'hi' && alert.textHi.trim() !== '' ? { text: alert.textHi, lang: 'hi' } : { text: alert.textEn, lang: 'en' };
}
