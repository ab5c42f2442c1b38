/**
 * What the features hand the server's Node entry (src/server/main.ts) before it serves. The entry is bundled
 * apart from Astro's pages (scripts/bundle-main.mjs), so it loads its own copy of what the middleware loads
 * for the pages (src/features/start.server.ts) where the entry needs it: the content types' routes, which the
 * page cache keys on before Astro sees a request; and every job, with the services the payment jobs settle.
 */
import './features/content-routes';
export { JOBS } from './jobs';
