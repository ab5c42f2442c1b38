import { mayOpen, ROUTES, type RouteDeclaration } from './route-table';
import type { Role } from './db-schema';

/** The back office sidebars of SPEC.md §2, in their order: the `nav` entries of the route table. */
export interface NavEntry {
  href: string;
  label: string;
}

function sidebar(name: 'admin' | 'user'): readonly NavEntry[] {
  return Object.entries(ROUTES as Record<string, RouteDeclaration>)
    .filter(([, route]) => route.nav?.sidebar === name)
    .map(([href, route]) => ({ href, label: route.nav!.label }));
}

export const ADMIN_NAV = sidebar('admin');
export const USER_NAV = sidebar('user');
/** A field officer's sidebar: the desk's entries their role may open (their grievance inbox). */
export const OFFICER_NAV = USER_NAV.filter((entry) => mayOpen((ROUTES as Record<string, RouteDeclaration>)[entry.href].access, 'officer'));
/** An editor's sidebar: the content screens and the review queue (the admin entries their role may open). */
export const EDITOR_NAV = ADMIN_NAV.filter((entry) => mayOpen((ROUTES as Record<string, RouteDeclaration>)[entry.href].access, 'editor'));

/**
 * A member of staff with the user role always sees the complaint desk's sidebar; an admin sees the admin
 * sidebar except on the complaint desk's own pages, which belong to the user sidebar.
 */
export function sidebarFor(role: string, pathname: string): readonly NavEntry[] {
  if (role === 'officer') return OFFICER_NAV;
  if (role === 'editor') return EDITOR_NAV;
  if (role !== 'admin') return USER_NAV.filter((entry) => mayOpen((ROUTES as Record<string, RouteDeclaration>)[entry.href].access, role as Role));
  return USER_NAV.some((entry) => entry.href === pathname) ? USER_NAV : ADMIN_NAV;
}

export function isActive(entry: NavEntry, pathname: string): boolean {
  return entry.href === pathname;
}
