import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt is memory-hard and ships with Node, so no native add-on is needed. OWASP's password storage advice
// lists equally strong scrypt settings; N=2^15, r=8, p=3 is the one that needs least memory (32 MiB at a time,
// the p passes run one after another), which matters on a small server signing in several staff at once.
export const PASSWORD_PARAMS = { N: 32768, r: 8, p: 3 } as const;
/**
 * Test servers sign in hundreds of times a run, and each sign-in at full cost is a third of a second of CPU on a
 * two-core machine. A test server (NODE_ENV=test) started with TEST_FAST_PASSWORDS=1 hashes at about a
 * hundredth of that cost instead; the hash names its settings, so every other path is the one production takes.
 */
const FAST_TEST_PARAMS = { N: 1024, r: 8, p: 1 } as const;
const PARAMS = process.env.NODE_ENV === 'test' && process.env.TEST_FAST_PASSWORDS === '1' ? FAST_TEST_PARAMS : PASSWORD_PARAMS;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...params, maxmem: 128 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** Returns a self-describing hash: scrypt$N$r$p$salt$key, both base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Whether a stored hash was made with other settings than today's, and should be made again at the next sign-in. */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) !== PARAMS.N || Number(r) !== PARAMS.r || Number(p) !== PARAMS.p;
}

/** A hash of a random password, verified against when the email is unknown so both paths cost the same. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
}
