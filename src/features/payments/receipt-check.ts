import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A receipt's check code: eight letters and digits printed beside its number and carried in its QR code, so
 * that /verify shows a receipt's facts only to whoever holds the paper (or the PDF, or the SMS). Receipt
 * numbers run in sequence; without a code, anybody could read every payment's property, amount and day by
 * counting. The code is derived from the receipt's own random token (an HMAC of its number keyed by it), so
 * nothing more is stored, every receipt already issued has one, and the code stays the same when the server's
 * signing secret is changed. Forty bits: guessing one receipt's code takes about a trillion tries.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 8;

export function receiptCheckCode(token: string, number: string): string {
  const digest = createHmac('sha256', token).update(`receipt-check:${number}`).digest();
  let code = '';
  // Five bits a letter from the first five bytes.
  let bits = 0;
  let value = 0;
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && code.length < LENGTH) {
      code += ALPHABET[(value >> (bits - 5)) & 31];
      bits -= 5;
    }
    if (code.length === LENGTH) break;
    value &= (1 << bits) - 1;
  }
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * The code as a person may type it: any case, with or without the hyphen or spaces, and the letters a reader
 * takes for digits (O for 0, I and L for 1) read as those digits. Null when it cannot be a code.
 */
export function normaliseCheckCode(typed: string): string | null {
  const plain = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (plain.length !== LENGTH || [...plain].some((c) => !ALPHABET.includes(c))) return null;
  return `${plain.slice(0, 4)}-${plain.slice(4)}`;
}

/** Whether a typed code is this receipt's, compared in constant time. */
export function checkCodeMatches(typed: string, token: string, number: string): boolean {
  const given = normaliseCheckCode(typed);
  if (!given) return false;
  const expected = Buffer.from(receiptCheckCode(token, number));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
