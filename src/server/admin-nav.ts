import { mayOpen, routeTable } from './route-table';
import type { Role } from './db-schema';

/** The back office sidebars of SPEC.md §2, in their order: the `nav` entries of the route table. */
export interface NavEntry {
  href: string;
  label: string;
}

/** A sidebar's entries, read from the route table once the features have registered theirs (the content screens). */
function sidebar(name: 'admin' | 'user'): readonly NavEntry[] {
  return Object.entries(routeTable())
    .filter(([, route]) => route.nav?.sidebar === name)
    .map(([href, route]) => ({ href, label: route.nav!.label }));
}

const forRole = (entries: readonly NavEntry[], role: Role) => entries.filter((entry) => mayOpen(routeTable()[entry.href].access, role));

export const adminNav = (): readonly NavEntry[] => sidebar('admin');
export const userNav = (): readonly NavEntry[] => sidebar('user');
/** A field officer's sidebar: the desk's entries their role may open (their grievance inbox). */
export const officerNav = (): readonly NavEntry[] => forRole(userNav(), 'officer');
/** An editor's sidebar: the content screens and the review queue (the admin entries their role may open). */
export const editorNav = (): readonly NavEntry[] => forRole(adminNav(), 'editor');

/**
 * A member of staff with the user role always sees the complaint desk's sidebar; an admin sees the admin
 * sidebar except on the complaint desk's own pages, which belong to the user sidebar.
 */
export function sidebarFor(role: string, pathname: string): readonly NavEntry[] {
  if (role === 'officer') return officerNav();
  if (role === 'editor') return editorNav();
  if (role !== 'admin') return forRole(userNav(), role as Role);
  return userNav().some((entry) => entry.href === pathname) ? userNav() : adminNav();
}

export function isActive(entry: NavEntry, pathname: string): boolean {
  return entry.href === pathname;
}
