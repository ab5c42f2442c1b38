import { linkMac, onceToken, readOnceToken, sameMac, type OnceCheck, type OnceLink } from '../../server/signed-links';

/**
 * The links a ward alert's messages carry (src/server/signed-links.ts):
 *   - confirm (c.{id}.{expires}.{mac}): a new subscription, or a change of a confirmed one's settings, over the
 *     subscription's pending nonce and an end 48 hours on; the nonce is cleared when the link is used and
 *     replaced when the form is sent again, so a link works once;
 *   - unsubscribe one ward (u.{id}.{mac}) or every ward of that address (a.{id}.{mac}): no end, as a message
 *     read months later must still stop the alerts; the subscription's deletion makes it void.
 */
export const CONFIRM_HOURS = 48;
const PURPOSE = 'ward-alert';
const CONFIRM: OnceLink = { purpose: PURPOSE, label: 'confirm', letter: 'c', hours: CONFIRM_HOURS };

export const confirmToken = (id: number, nonce: string): string => onceToken(CONFIRM, id, nonce);

export type ConfirmCheck = OnceCheck;

/** Reads a confirmation token against the subscription's nonce (looked up by `nonceOf` once the id is known). */
export const readConfirmToken = (token: string, nonceOf: (id: number) => Promise<string | null>): Promise<ConfirmCheck> => readOnceToken(CONFIRM, token, nonceOf);

export type UnsubscribeScope = 'one' | 'all';

export function unsubscribeToken(id: number, scope: UnsubscribeScope): string {
  const letter = scope === 'one' ? 'u' : 'a';
  return `${letter}.${id}.${linkMac(PURPOSE, `${letter}:${id}`)}`;
}

export function readUnsubscribeToken(token: string): { id: number; scope: UnsubscribeScope } | null {
  const match = /^([ua])\.(\d{1,9})\.([\w-]{22})$/.exec(token);
  if (!match) return null;
  const id = Number(match[2]);
  return sameMac(linkMac(PURPOSE, `${match[1]}:${id}`), match[3]) ? { id, scope: match[1] === 'u' ? 'one' : 'all' } : null;
}
