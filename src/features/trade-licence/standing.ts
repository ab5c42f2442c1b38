import { messages } from '../../i18n/messages';
import type { Lang } from '../../i18n/lang';
import { formatLongDate } from '../../lib/format';
import type { LicenceStatus } from './licence.server';

/**
 * Where a licence stands, as the tracking page and /verify word it: the dates it is valid for while it is in
 * force; once cancelled or expired, that it is no longer valid (its dates would read as a promise it no longer
 * keeps).
 */
export function licenceStanding(status: LicenceStatus, validFrom: string, validUntil: string, lang: Lang): { label: string; value: string } {
  const t = messages(lang).tradeLicence;
  if (status === 'cancelled') return { label: t.standing, value: t.cancelledNotValid };
  if (status === 'expired') return { label: t.standing, value: t.expiredOn(formatLongDate(validUntil, lang)) };
  return { label: t.validity, value: t.validRange(formatLongDate(validFrom, lang), formatLongDate(validUntil, lang)) };
}
