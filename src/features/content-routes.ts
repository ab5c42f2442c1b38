import type { ContentTypeDef } from '../lib/content-type';
import { CONTENT_STAFF, registerRoutes, type RouteDeclaration } from '../server/route-table';
import { CONTENT_TYPES } from './content-types';

/**
 * A content type's entries in the route table, from its declaration: its public pages (open to anyone, keyed
 * by the query parameters each reads) and its admin screen (admins and editors, in the admin sidebar).
 */
export function contentRoutes(def: ContentTypeDef): Record<string, RouteDeclaration> {
  const routes: Record<string, RouteDeclaration> = {};
  for (const [pattern, page] of Object.entries(def.publicPages)) routes[pattern] = { access: 'public', ...(page.query ? { query: page.query } : {}) };
  routes[def.adminRoute] = { access: CONTENT_STAFF, nav: { group: 'content', label: def.sidebarLabel } };
  return routes;
}

// Registered when this module loads, once in each bundle: Astro's pages (through src/features/start.server.ts)
// and the server's Node entry (src/entry-registrations.ts). The admin screens follow each other in declared order.
registerRoutes(Object.assign({}, ...CONTENT_TYPES.map(contentRoutes)));
