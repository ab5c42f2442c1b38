import { createHmac, timingSafeEqual } from 'node:crypto';
import { signingSecret } from './auth/secret';
import { now } from './clock';

/**
 * Links a message carries so that only the person it reached can act on it (confirm an address, stop alerts),
 * signed with the server's key so that nobody can make one for somebody else's row. A purpose names the kind
 * of link and is part of what is signed, so a link of one kind is never valid as another. The MAC is cut to 22
 * characters (132 bits), so that a link in an SMS stays short.
 */
const MAC_LENGTH = 22;

export function linkMac(purpose: string, text: string): string {
  return createHmac('sha256', signingSecret()).update(`${purpose}:${text}`).digest('base64url').slice(0, MAC_LENGTH);
}

export function sameMac(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * A once-only link: `{letter}.{id}.{expires}.{mac}`, signed over the row's id, a nonce the row keeps while the
 * link is pending and its end. Clearing or replacing the nonce voids the link, so it works once, and only the
 * newest one works.
 */
export interface OnceLink {
  purpose: string;
  /** What the signed text says the link does ('confirm', 'mobile'...). */
  label: string;
  /** The token's first letter: tells one kind from another in the address, and is signed through the label. */
  letter: string;
  hours: number;
}

export function onceToken(link: OnceLink, id: number, nonce: string): string {
  const expires = Math.floor((now() + link.hours * 3_600_000) / 1000);
  return `${link.letter}.${id}.${expires}.${linkMac(link.purpose, `${link.label}:${id}:${nonce}:${expires}`)}`;
}

export type OnceCheck = { kind: 'ok'; id: number } | { kind: 'expired' } | { kind: 'invalid' };

/** Reads a once-only token against the row's pending nonce (looked up by `nonceOf` once the id is known). */
export async function readOnceToken(link: OnceLink, token: string, nonceOf: (id: number) => Promise<string | null>): Promise<OnceCheck> {
  const match = /^([a-z])\.(\d{1,9})\.(\d{1,12})\.([\w-]{22})$/.exec(token);
  if (!match || match[1] !== link.letter) return { kind: 'invalid' };
  const [id, expires] = [Number(match[2]), Number(match[3])];
  const nonce = await nonceOf(id);
  if (nonce === null || !sameMac(linkMac(link.purpose, `${link.label}:${id}:${nonce}:${expires}`), match[4])) return { kind: 'invalid' };
  return expires * 1000 < now() ? { kind: 'expired' } : { kind: 'ok', id };
}
