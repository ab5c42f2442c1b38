import { createHmac, timingSafeEqual } from 'node:crypto';
import { encodeBase64urlNoPadding, decodeBase64urlIgnorePadding } from '@oslojs/encoding';
import type { Role } from '../db-schema';

/**
 * The login answer of SPEC.md §7 is a bearer token with a role claim. We hand out a compact HS256 JWT whose
 * `sid` claim is the session's secret token: the signature stops forgery, and the session row (looked up by
 * the token's hash) decides whether it is still alive, so logout kills the JWT too.
 */
export interface TokenClaims {
  sub: string;
  email: string;
  role: Role;
  sid: string;
  iat: number;
  exp: number;
}

const encoder = new TextEncoder();
const HEADER = encodeBase64urlNoPadding(encoder.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' })));

function sign(input: string, secret: Uint8Array): string {
  return encodeBase64urlNoPadding(createHmac('sha256', secret).update(input).digest());
}

export function signToken(claims: TokenClaims, secret: Uint8Array): string {
  const body = `${HEADER}.${encodeBase64urlNoPadding(encoder.encode(JSON.stringify(claims)))}`;
  return `${body}.${sign(body, secret)}`;
}

/** Returns the claims when the signature holds and the token has not expired; otherwise null. */
export function verifyToken(token: string, secret: Uint8Array, nowSeconds = Date.now() / 1000): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = Buffer.from(sign(`${parts[0]}.${parts[1]}`, secret));
  const actual = Buffer.from(parts[2]);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  try {
    const claims = JSON.parse(new TextDecoder().decode(decodeBase64urlIgnorePadding(parts[1]))) as TokenClaims;
    if (typeof claims.sid !== 'string' || typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return null;
    return claims;
  } catch {
    return null;
  }
}
