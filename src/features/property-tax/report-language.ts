import type { Lang } from '../../i18n/lang';

/**
 * The language a staff report or notice is printed in: `?lang=hi` or `?lang=en`. Back office pages have no
 * /hi addresses (the frame is English), so the report's own words follow this parameter instead.
 */
export const reportLanguage = (raw: string | null | undefined): Lang => (raw === 'hi' ? 'hi' : 'en');

