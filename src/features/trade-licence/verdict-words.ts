import { messages } from '../../i18n/messages';
import type { Lang } from '../../i18n/lang';

/**
 * A document's verdict as people read it: the panel's rows, the answer its script is given, and the case's
 * timeline. Browser-safe (the service's declaration names the timeline's entries through it).
 */
export type DocumentVerdict = 'accepted' | 'refused' | 'pending';

/** The timeline's entry for one verdict on one document (verdicts.server.ts writes it). */
export const VERDICT_EVENT = 'document-verdict';

export const verdictOf = (accepted: boolean | null): DocumentVerdict => (accepted === true ? 'accepted' : accepted === false ? 'refused' : 'pending');

/** The verdict in a row: accepted, not accepted with the reason the applicant reads, or not yet checked. */
export function verdictWords(verdict: DocumentVerdict, reason: string, lang: Lang): string {
  const w = messages(lang).tradeLicence.panel;
  return verdict === 'accepted' ? w.accepted : verdict === 'refused' ? `${w.refused}: ${reason}` : w.pending;
}

/** A verdict's timeline entry, named with the document as the checklist named it when the verdict was given. */
export function verdictEventWords(data: Readonly<Record<string, unknown>>, lang: Lang): string {
  const names = (data.name ?? {}) as Partial<Record<Lang, string>>;
  const document = names[lang] ?? String(data.document ?? '');
  const verdict = data.verdict === 'accepted' || data.verdict === 'refused' ? data.verdict : 'pending';
  return messages(lang).tradeLicence.panel.timeline[verdict](document);
}
