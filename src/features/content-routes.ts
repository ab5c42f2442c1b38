import type { ContentTypeDef } from '../lib/content-type';
import { rolesIn } from '../lib/roles';
import type { RouteDeclaration } from '../server/route-table';
import { CONTENT_TYPES } from './content-types';
import type { PortalModule } from './modules';
import { hasDemoPart } from '../../db/seed/demo-parts';

/**
 * A content type's entries in the route table, from its declaration: its public pages (open to anyone, keyed
 * by the query parameters each reads) and its admin screen (admins and editors, in the admin sidebar).
 */
export function contentRoutes(def: ContentTypeDef): Record<string, RouteDeclaration> {
  const routes: Record<string, RouteDeclaration> = {};
  for (const [pattern, page] of Object.entries(def.publicPages)) routes[pattern] = { access: 'public', ...(page.query ? { query: page.query } : {}) };
  routes[def.adminRoute] = { access: rolesIn('content'), nav: { group: 'content', label: def.sidebarLabel } };
  return routes;
}

/**
 * The content types (notices, tenders, the gallery…): each type's pages and admin screen, derived from its
 * declaration in the order declared, and the calls every type shares.
 */
export const CONTENT_MODULE: PortalModule = {
  name: 'content',
  demo: {
    present: (database) => hasDemoPart(database, 'content'),
    // Loaded only when a start seeds (scripts/bundle-main.mjs builds the demo seed apart).
    seed: async (database) => (await import('../../db/seed/demo')).seedDemoContent(database),
    done: 'Filled the empty database with demo content.',
  },
  routes: {
    ...Object.assign({}, ...CONTENT_TYPES.map(contentRoutes)),
    '/api/Public/[type]': { access: 'public', query: ['media', 'page', 'pageSize'] },
    '/api/Public/minister-officer-employee-by-designations': { access: 'public', query: ['designations', 'home', 'media', 'page', 'pageSize'] },
    '/api/Admin/[type]': { access: rolesIn('content'), query: ['media', 'page', 'pageSize'] },
    '/api/Admin/[type]/[id]': { access: rolesIn('content'), query: ['media'] },
  },
};
