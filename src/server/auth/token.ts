import { wallClock } from '../clock';
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  createJWTSignatureMessage,
  encodeJWT,
  joseAlgorithmHS256,
  JWSRegisteredHeaders,
  JWTRegisteredClaims,
  parseJWT,
} from '@oslojs/jwt';
import type { Role } from '../db-schema';

/**
 * The login answer of docs/legacy-contract.md §1.2 is a bearer token with a role claim. We hand out a compact HS256
 * JWT whose `sid` claim is the session's secret token: the signature stops forgery, and the session row (looked up by
 * the token's hash) decides whether it is still alive, so logout kills the JWT too. @oslojs/jwt encodes and parses;
 * the HMAC is Node's.
 */
export interface TokenClaims {
  sub: string;
  email: string;
  role: Role;
  sid: string;
  iat: number;
  exp: number;
}

const HEADER_JSON = JSON.stringify({ alg: joseAlgorithmHS256, typ: 'JWT' });

function hmac(message: Uint8Array, secret: Uint8Array): Uint8Array {
  return createHmac('sha256', secret).update(message).digest();
}

export function signToken(claims: TokenClaims, secret: Uint8Array): string {
  const payloadJSON = JSON.stringify(claims);
  return encodeJWT(HEADER_JSON, payloadJSON, hmac(createJWTSignatureMessage(HEADER_JSON, payloadJSON), secret));
}

/** Returns the claims when the signature holds and the token has not expired; otherwise null. */
export function verifyToken(token: string, secret: Uint8Array, nowSeconds = wallClock() / 1000): TokenClaims | null {
  try {
    const [header, payload, signature, signatureMessage] = parseJWT(token);
    // Only the algorithm we sign with: a token naming another (or none) is refused before its signature is read.
    const headers = new JWSRegisteredHeaders(header);
    if (!headers.hasAlgorithm() || headers.algorithm() !== joseAlgorithmHS256) return null;
    const expected = hmac(signatureMessage, secret);
    if (expected.length !== signature.length || !timingSafeEqual(expected, signature)) return null;
    const claims = payload as Partial<TokenClaims>;
    const registered = new JWTRegisteredClaims(payload);
    if (typeof claims.sid !== 'string' || !registered.hasExpiration()) return null;
    if (registered.expiration().getTime() / 1000 <= nowSeconds) return null;
    return claims as TokenClaims;
  } catch {
    // parseJWT and the claim readers throw on anything malformed: such a token is simply not valid.
    return null;
  }
}
