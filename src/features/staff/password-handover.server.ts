import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { AstroCookies } from 'astro';
import { signingSecret } from '../../server/auth/secret';
import { now } from '../../server/clock';

/**
 * The one-time password of an account just added or reset, carried from the form's post to the page it
 * redirects to (post/redirect/get), so that reloading that page sends nothing again. It travels in a cookie
 * of its own: encrypted and authenticated with a key derived from the server's signing key, sent only to the
 * /staff page, good only for the admin who made it and only for two minutes, and deleted by the page that
 * shows it. So the password is shown once, as before, and is never kept on the server.
 */
const COOKIE = 'staff_handover';
const LIFETIME_SECONDS = 120;
const IV_BYTES = 12;
const TAG_BYTES = 16;

interface Handover {
  admin: number;
  account: number;
  password: string;
  expires: number;
}

function key(): Buffer {
  return Buffer.from(hkdfSync('sha256', signingSecret(), Buffer.alloc(0), 'staff one-time password handover', 32));
}

function seal(handover: Handover): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(handover), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function open(sealed: string): Handover | null {
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
    const decipher = createDecipheriv('aes-256-gcm', key(), bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const text = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    const value = JSON.parse(text) as Partial<Handover>;
    return typeof value.admin === 'number' && typeof value.account === 'number' && typeof value.password === 'string' && typeof value.expires === 'number'
      ? (value as Handover)
      : null;
  } catch {
    // Altered, cut short or sealed under another key: there is nothing to hand over.
    return null;
  }
}

const cookieOptions = (secure: boolean) => ({ httpOnly: true, sameSite: 'strict' as const, secure, path: '/staff' });

/** Sets the cookie that carries `password` of `account` to the next /staff page `admin` opens. */
export function handOver(cookies: AstroCookies, admin: number, account: number, password: string, secure: boolean): void {
  const sealed = seal({ admin, account, password, expires: now() + LIFETIME_SECONDS * 1000 });
  cookies.set(COOKIE, sealed, { ...cookieOptions(secure), maxAge: LIFETIME_SECONDS });
}

/**
 * The password handed over for `account` to `admin`, once: the cookie is deleted whatever it held, so a reload
 * or a later visit shows nothing.
 */
export function takeHandover(cookies: AstroCookies, admin: number, account: number, secure: boolean): string | null {
  const sealed = cookies.get(COOKIE)?.value;
  if (sealed === undefined) return null;
  cookies.set(COOKIE, '', { ...cookieOptions(secure), maxAge: 0 });
  const handover = open(sealed);
  if (!handover || handover.admin !== admin || handover.account !== account || handover.expires < now()) return null;
  return handover.password;
}
