/**
 * What the features hand the server's Node entry (src/server/main.ts) before it serves. The entry is bundled
 * apart from Astro's pages (scripts/bundle-main.mjs), so it loads its own copy of what the middleware loads
 * for the pages (src/features/start.server.ts) where the entry needs it: the composition list of modules,
 * installed here, with its routes (which the page cache keys on before Astro sees a request) and every job it
 * declares; and the pages a visitor reaches first, which each process renders as it starts
 * (src/server/warm-start.ts).
 */
import { SITE_MENU } from './components/public/site-menu';
import { installPortalModules } from './modules';
export { JOBS } from './modules';

installPortalModules();

/** The home page in both languages and every page of the main menu on this site. */
export const FIRST_PAGES: readonly string[] = [
  '/',
  '/hi',
  // External links name another site (https://…); the home page is listed above.
  ...SITE_MENU.flatMap((entry) => (entry.kind === 'link' ? [entry] : entry.items))
    .map((link) => link.href)
    .filter((href) => href.startsWith('/') && href !== '/'),
];
