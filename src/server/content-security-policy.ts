import { createHash } from 'node:crypto';
// The inline scripts Astro writes into a page to hydrate islands: its island element and one loader per
// client directive. They are fixed when the site is built, so their hashes are the whole list of inline
// scripts a page may run; anything else inline (injected or not) is refused by the browser.
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import idleDirective from 'astro/runtime/client/idle.prebuilt.js';
import loadDirective from 'astro/runtime/client/load.prebuilt.js';
import mediaDirective from 'astro/runtime/client/media.prebuilt.js';
import onlyDirective from 'astro/runtime/client/only.prebuilt.js';
import visibleDirective from 'astro/runtime/client/visible.prebuilt.js';
import { MAP_SITES } from '../lib/council';
import { mapTiles } from './map-tiles';

/** The Content-Security-Policy of an HTML page; the back office and sign-in may not be framed at all. */
export type PageArea = 'public' | 'backoffice';

export const ISLAND_LOADER_SCRIPTS: readonly string[] = [islandScript, idleDirective, loadDirective, mediaDirective, onlyDirective, visibleDirective];

export function scriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source).digest('base64')}'`;
}

const LOADER_HASHES = ISLAND_LOADER_SCRIPTS.map(scriptHash);

function originOf(url: string): string {
  return new URL(url).origin;
}

/**
 * Where a payer's browser may post a form besides us: the payment gateway's checkout (docs/deploy.md), read
 * from the same settings the gateway is configured with.
 */
function paymentFormOrigins(): string[] {
  const gateway = (process.env.PAYMENT_GATEWAY ?? '').trim().toLowerCase();
  const target = gateway === 'razorpay' ? process.env.RAZORPAY_CHECKOUT_URL || 'https://api.razorpay.com' : gateway === 'paygov' ? process.env.PAYGOV_GATEWAY_URL : undefined;
  try {
    return target ? [originOf(target)] : [];
  } catch {
    return [];
  }
}

function tileOrigins(): string[] {
  try {
    const tiles = mapTiles();
    return tiles ? [tiles.origin] : [];
  } catch {
    return []; // a bad setting stops the server at start (src/server/main.ts)
  }
}

/** The only video player another site serves into our pages (src/features/videogallery/youtube.ts). */
const YOUTUBE_NOCOOKIE = 'https://www.youtube-nocookie.com';

function policyFor(area: PageArea): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...LOADER_HASHES],
    // Inline style attributes are harmless without script and the carousels set them.
    'style-src': ["'self'", "'unsafe-inline'"],
    // The tile server of the optional map (MAP_TILE_URL), and no other site: unset, no page loads another site's image.
    'img-src': ["'self'", 'data:', ...(area === 'backoffice' ? ['blob:'] : []), ...tileOrigins()],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    // The contact page embeds the office's map, from one of the map sites a council may choose; the back office previews picked PDFs from blob: URLs.
    // The video gallery's YouTube player, framed only after a visitor presses play, and only its privacy-enhanced origin.
    'frame-src': area === 'public' ? [...MAP_SITES, YOUTUBE_NOCOOKIE] : ["'self'", 'blob:'],
    // Videos play from our /media/; the back office previews a picked video from a blob: URL.
    'media-src': area === 'public' ? ["'self'"] : ["'self'", 'blob:'],
    'object-src': area === 'public' ? ["'none'"] : ['blob:'],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...(area === 'public' ? paymentFormOrigins() : [])],
    'frame-ancestors': area === 'public' ? ["'self'"] : ["'none'"],
  };
  return Object.entries(directives).map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

const POLICIES: Record<PageArea, string> = { public: policyFor('public'), backoffice: policyFor('backoffice') };

export function contentSecurityPolicy(area: PageArea): string {
  return POLICIES[area];
}
