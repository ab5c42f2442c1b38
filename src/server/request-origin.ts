import type { APIContext } from 'astro';
import { readConfig } from './config';

/**
 * Who is calling and over what. Behind a reverse proxy (TRUST_PROXY) the socket only shows the proxy, so
 * the address and scheme come from the headers the proxy adds; without it those headers are ignored, as
 * any client could forge them.
 */
export function clientAddress(context: Pick<APIContext, 'request' | 'clientAddress'>): string {
  if (readConfig().trustProxy) {
    // The proxy appends the address it saw, so the last entry is the one nobody upstream could choose.
    const forwarded = context.request.headers.get('x-forwarded-for')?.split(',').map((s) => s.trim()).filter(Boolean);
    if (forwarded && forwarded.length > 0) return forwarded[forwarded.length - 1];
  }
  try {
    return context.clientAddress;
  } catch {
    return 'unknown';
  }
}

/** Whether the browser reached us over https (so cookies must be Secure). */
export function servedOverHttps(request: Request, url: URL): boolean {
  if (url.protocol === 'https:') return true;
  return readConfig().trustProxy && request.headers.get('x-forwarded-proto')?.split(',')[0].trim() === 'https';
}
