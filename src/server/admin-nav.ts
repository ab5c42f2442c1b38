import { mayOpen, NAV_GROUPS, routeTable, type NavGroup } from './route-table';
import type { Role } from './db-schema';

/** The back office sidebar: the `nav` entries of the route table, by area, in table order. */
export interface NavEntry {
  href: string;
  label: string;
}

export interface NavSection {
  group: NavGroup;
  /** The area's heading; none for the dashboard, which stands first on its own. */
  heading: string | null;
  entries: readonly NavEntry[];
}

const HEADINGS: Record<NavGroup, string | null> = {
  home: null,
  content: 'Content',
  services: 'Citizen services',
  revenue: 'Revenue',
  settings: 'Settings',
};

/** Every entry of the sidebar with its area, read from the route table once the features registered theirs. */
export function navEntries(): readonly (NavEntry & { group: NavGroup; shownTo?: readonly Role[] })[] {
  return Object.entries(routeTable()).flatMap(([href, route]) => (route.nav ? [{ href, ...route.nav }] : []));
}

/**
 * One sidebar for every role: each area holds only the pages the role may open (a public page's entry only for
 * the staff it names), and an area left empty is not shown at all.
 */
export function sidebarFor(role: Role): readonly NavSection[] {
  const table = routeTable();
  const mine = navEntries().filter((entry) => mayOpen(table[entry.href].access, role) && (!entry.shownTo || entry.shownTo.includes(role)));
  return NAV_GROUPS.map((group) => ({
    group,
    heading: HEADINGS[group],
    entries: mine.filter((entry) => entry.group === group).map(({ href, label }) => ({ href, label })),
  })).filter((section) => section.entries.length > 0);
}

/**
 * The entry of the page shown, or of the list it belongs to (a case page, /cases/{number}, is the case
 * inbox's; its Hindi address too). The longest matching address wins, and /cases never marks /cases-something.
 */
export function activeHref(sections: readonly NavSection[], pathname: string): string | undefined {
  const path = pathname.replace(/^\/hi(?=\/|$)/, '') || '/';
  const hrefs = sections.flatMap((section) => section.entries.map((entry) => entry.href));
  return hrefs.filter((href) => path === href || path.startsWith(`${href}/`)).sort((a, b) => b.length - a.length)[0];
}
