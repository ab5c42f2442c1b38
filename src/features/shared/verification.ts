import type { Db } from '../../server/db';
import type { Lang } from '../../i18n/lang';
import { installedModules } from '../modules';

/**
 * What /verify/{number} shows for any kind of number the council prints with a QR code (a receipt, a trade
 * licence): each kind says how to recognise its numbers and what the public may read of one, so the
 * page dispatches by the number's kind without knowing any. Each is declared by its feature's module.
 */
export type VerifiedState = 'valid' | 'expired' | 'cancelled';

export interface Verified {
  /** What is verified ('Receipt', 'Trade licence'), in the page's language. */
  what: string;
  state: VerifiedState;
  /** The sentence that answers the question: 'Valid receipt', 'Expired licence'. */
  verdict: string;
  /** The public facts, label and value, in the page's language. */
  facts: { label: string; value: string }[];
  /**
   * This kind shows its facts only with the check code printed beside its number (a receipt): without it the
   * page says no more than the verdict, and asks for the code.
   */
  asksCode?: boolean;
  /** A code was given and is not this number's. */
  codeRefused?: boolean;
}

export interface Verifiable {
  kind: string;
  recognises: (number: string) => boolean;
  /** `code`: the check code typed or carried by the QR code's address, if any. */
  find: (database: Db, number: string, lang: Lang, code: string | null) => Promise<Verified | null>;
}

/** The public facts behind a number, by the first kind that recognises it; null when none does or it is unknown. */
export async function verify(database: Db, number: string, lang: Lang, code: string | null = null): Promise<Verified | null> {
  const kind = installedModules().flatMap((m) => m.verifiables ?? []).find((v) => v.recognises(number));
  return kind ? kind.find(database, number, lang, code) : null;
}
