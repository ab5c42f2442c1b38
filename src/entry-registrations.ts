/**
 * The Node entry (bundled to dist/main.mjs by scripts/bundle-main.mjs): it installs the composition list,
 * which hands the server the routes (keyed by the page cache before Astro sees a request), the protocols'
 * voices and the demo's parts, and starts the server (src/server/main.ts) with the jobs the modules declare
 * and the pages a visitor reaches first, which each process renders as it starts (src/server/warm-start.ts).
 * The entry is bundled apart from Astro's pages, so it installs its own copy of what the middleware installs.
 */
import { SITE_MENU } from './components/public/site-menu';
import { installPortalModules, JOBS } from './modules';
import { serve } from './server/main';

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

void serve({ jobs: JOBS, firstPages: FIRST_PAGES });
