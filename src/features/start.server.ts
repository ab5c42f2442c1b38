/**
 * What the features hand the server at start: the content types (with their storage) and the site search's hook on every record write. The server imports no feature; the entries import this
 * (src/middleware.ts for Astro's pages, src/entry-registrations.ts for the Node entry).
 */
import './content-storage.server';
import './search/search-index.server';
