import { createHmac, timingSafeEqual } from 'node:crypto';
import { signingSecret } from '../../server/auth/secret';
import { now } from '../../server/clock';
import { HOUR_MS } from '../../lib/india-time';

/**
 * The links a ward alert's messages carry, signed with the server's key so that nobody can make one for
 * somebody else's subscription:
 *   - confirm (c.{id}.{expires}.{mac}): over the subscription, its pending nonce and an end 48 hours on; the
 *     nonce is cleared when the link is used and replaced when the form is sent again, so a link works once;
 *   - unsubscribe one ward (u.{id}.{mac}) or every ward of that address (a.{id}.{mac}): no end, as a message
 *     read months later must still stop the alerts; the subscription's deletion makes it void.
 * The MAC is cut to 22 characters (132 bits), so the SMS's link stays short.
 */
export const CONFIRM_HOURS = 48;
const MAC_LENGTH = 22;

function mac(text: string): string {
  return createHmac('sha256', signingSecret()).update(`ward-alert:${text}`).digest('base64url').slice(0, MAC_LENGTH);
}

function same(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}

export function confirmToken(id: number, nonce: string): string {
  const expires = Math.floor((now() + CONFIRM_HOURS * HOUR_MS) / 1000);
  return `c.${id}.${expires}.${mac(`confirm:${id}:${nonce}:${expires}`)}`;
}

export type ConfirmCheck = { kind: 'ok'; id: number } | { kind: 'expired' } | { kind: 'invalid' };

/** Reads a confirmation token against the subscription's nonce (looked up by `nonceOf` once the id is known). */
export async function readConfirmToken(token: string, nonceOf: (id: number) => Promise<string | null>): Promise<ConfirmCheck> {
  const match = /^c\.(\d{1,9})\.(\d{1,12})\.([\w-]{22})$/.exec(token);
  if (!match) return { kind: 'invalid' };
  const [id, expires] = [Number(match[1]), Number(match[2])];
  const nonce = await nonceOf(id);
  if (nonce === null || !same(mac(`confirm:${id}:${nonce}:${expires}`), match[3])) return { kind: 'invalid' };
  return expires * 1000 < now() ? { kind: 'expired' } : { kind: 'ok', id };
}

export type UnsubscribeScope = 'one' | 'all';

export function unsubscribeToken(id: number, scope: UnsubscribeScope): string {
  const letter = scope === 'one' ? 'u' : 'a';
  return `${letter}.${id}.${mac(`${letter}:${id}`)}`;
}

export function readUnsubscribeToken(token: string): { id: number; scope: UnsubscribeScope } | null {
  const match = /^([ua])\.(\d{1,9})\.([\w-]{22})$/.exec(token);
  if (!match) return null;
  const id = Number(match[2]);
  return same(mac(`${match[1]}:${id}`), match[3]) ? { id, scope: match[1] === 'u' ? 'one' : 'all' } : null;
}
