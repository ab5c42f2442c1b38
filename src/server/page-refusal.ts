import type { Lang } from '../i18n/lang';
import { refusalText, refusalTexts } from '../i18n/refusals';
import { asHttpError, type HttpError } from './http';

/** Sets a refusal's status and headers (Retry-After) on a page's answer. */
export function applyRefusal(response: { status: number; headers: Headers }, refusal: HttpError): void {
  response.status = refusal.status;
  for (const [name, value] of Object.entries(refusal.headers ?? {})) response.headers.set(name, value);
}

/** A form's refusal as a page shows it: the headline and each field's message, in the page's language. */
export interface PageRefusal {
  /** The headline; `lang` says a message no catalogue knows is shown in English on a page in another language. */
  failure: { text: string; lang?: 'en' };
  errors: Record<string, string>;
}

/**
 * What a page does with an error its form's work threw: the refusal's status and headers set on the page's
 * answer (a fault of ours logged under `where`, as asHttpError does), and its words found in `lang`.
 */
export function refuseOnPage(response: { status: number; headers: Headers }, err: unknown, where: string, lang: Lang): PageRefusal {
  const refusal = asHttpError(err, where);
  applyRefusal(response, refusal);
  return { failure: refusalText(lang, refusal.message), errors: refusalTexts(lang, refusal.errors ?? {}) };
}
