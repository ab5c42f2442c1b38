import type { IncomingMessage } from 'node:http';
import type { APIContext } from 'astro';
import { HttpError } from './http';

/** Who is calling and over what, as the Node entry worked it out from the socket and any trusted proxies. */
export interface RequestClient {
  address: string;
  https: boolean;
  /** The host the client asked for: the Host header, or behind trusted proxies the forwarded host. */
  host: string | undefined;
}

/** Headers through which a client could claim another address, host or scheme. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port', 'forwarded'];

function forwardedList(req: IncomingMessage, name: string): string[] {
  const raw = req.headers[name];
  return (Array.isArray(raw) ? raw.join(',') : raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

/**
 * The client behind `trustedHops` reverse proxies. Each proxy appends the address it saw to X-Forwarded-For,
 * so with N proxies the client is the N-th entry from the right: everything left of it was written by the
 * client itself and proves nothing. With no trusted proxy the address is the socket's, whatever the headers
 * say. The forwarding headers are then removed, so nothing after this (Astro included) can be misled by them.
 */
export function resolveRequestClient(req: IncomingMessage, trustedHops: number): RequestClient {
  const socketAddress = req.socket.remoteAddress ?? 'unknown';
  let address = socketAddress;
  let https = 'encrypted' in req.socket && Boolean((req.socket as { encrypted?: boolean }).encrypted);
  let host = req.headers.host;
  if (trustedHops > 0) {
    // The host the visitor asked the first proxy for, which picks the council (councils/registry.ts).
    const hosts = forwardedList(req, 'x-forwarded-host');
    if (hosts.length > 0) host = hosts[Math.max(0, hosts.length - trustedHops)];
    const forwarded = forwardedList(req, 'x-forwarded-for');
    if (forwarded.length > 0) address = forwarded[Math.max(0, forwarded.length - trustedHops)];
    const protocols = forwardedList(req, 'x-forwarded-proto');
    if (protocols.length > 0) https = protocols[Math.max(0, protocols.length - trustedHops)] === 'https';
  }
  for (const name of FORWARDING_HEADERS) delete req.headers[name];
  return { address, https, host };
}

/** The caller's address, for throttling sign-ins. */
export function clientAddress(context: Pick<APIContext, 'locals' | 'clientAddress'>): string {
  if (context.locals.client) return context.locals.client.address;
  // Only under Astro's development server, which has no Node entry of ours in front of it.
  try {
    return context.clientAddress;
  } catch {
    return 'unknown';
  }
}

/** Whether the browser reached us over https (so cookies must be Secure). */
export function servedOverHttps(context: Pick<APIContext, 'locals' | 'url'>): boolean {
  return context.locals.client?.https ?? context.url.protocol === 'https:';
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * A browser says where a request comes from (Sec-Fetch-Site, Origin); a write that another site made it send
 * is refused. Callers that are not browsers (the mobile app, scripts) send neither header and pass.
 */
export function crossSiteRefusal(request: Request): HttpError | null {
  if (!STATE_CHANGING.has(request.method)) return null;
  const fetchSite = request.headers.get('sec-fetch-site');
  const origin = request.headers.get('origin');
  // Compared with the Host header: a forged cross-site request cannot choose the Host its victim's browser sends.
  const foreignOrigin = origin !== null && originHost(origin) !== request.headers.get('host');
  if ((fetchSite !== null && fetchSite !== 'same-origin' && fetchSite !== 'none') || foreignOrigin) {
    return new HttpError(403, 'This request came from another site and was refused.');
  }
  return null;
}
