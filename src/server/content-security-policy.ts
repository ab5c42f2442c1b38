import { createHash } from 'node:crypto';
import { siteSettings } from '../site-settings';

/**
 * The Content-Security-Policy of an HTML page. Scripts may come only from our own origin or be one of the
 * inline scripts the page itself carries (Astro's island loaders), each allowed by its SHA-256, so an
 * injected inline script or event handler never runs: there is no 'unsafe-inline' for scripts.
 */
export type PageArea = 'public' | 'backoffice';

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
// Astro's loaders are the same few scripts on every page: hash each distinct one once.
const hashByScript = new Map<string, string>();

function scriptHash(source: string): string {
  let hash = hashByScript.get(source);
  if (!hash) {
    hash = `'sha256-${createHash('sha256').update(source).digest('base64')}'`;
    if (hashByScript.size < 1000) hashByScript.set(source, hash);
  }
  return hash;
}

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) if (match[1].trim() !== '') hashes.add(scriptHash(match[1]));
  return [...hashes];
}

function originOf(url: string): string {
  return new URL(url).origin;
}

export function contentSecurityPolicy(html: string, area: PageArea): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScriptHashes(html)],
    // Inline style attributes are harmless without script and the carousels set them.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...(area === 'backoffice' ? ['blob:'] : [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    // The contact page embeds the office's map; the back office previews picked PDFs from blob: URLs.
    'frame-src': area === 'public' ? [originOf(siteSettings.mapEmbedUrl)] : ["'self'", 'blob:'],
    'object-src': area === 'public' ? ["'none'"] : ['blob:'],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': area === 'public' ? ["'self'"] : ["'none'"],
  };
  return Object.entries(directives).map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}
