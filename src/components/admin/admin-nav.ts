/** The back office sidebars of SPEC.md §2, in their order. */
export interface NavEntry {
  href: string;
  label: string;
}

export const ADMIN_NAV: readonly NavEntry[] = [
  { href: '/dashboard', label: 'Dashboard' },
  { href: '/editabout', label: 'About' },
  { href: '/slider', label: 'Slider' },
  { href: '/editministerofficeremp', label: 'Minister/Officer/Emp.' },
  { href: '/editlatestnews', label: 'Latest News' },
  { href: '/edittender', label: 'Tender' },
  { href: '/editnotice', label: 'Notice' },
  { href: '/editcircular', label: 'Circular' },
  { href: '/editofficeorder', label: 'Office Order' },
  { href: '/editgallery', label: 'Gallery' },
  { href: '/editpressrelease', label: 'Press Release' },
  { href: '/audit', label: 'Audit Log' },
];

export const USER_NAV: readonly NavEntry[] = [
  { href: '/userdashboard', label: 'Dashboard' },
  { href: '/inquiry', label: 'Add/View Grievance' },
];

/**
 * A member of staff with the user role always sees the complaint desk's sidebar; an admin sees the admin
 * sidebar except on the complaint desk's own pages, which belong to the user sidebar.
 */
export function sidebarFor(role: string, pathname: string): readonly NavEntry[] {
  const path = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  if (role !== 'admin') return USER_NAV;
  return USER_NAV.some((entry) => entry.href === path) ? USER_NAV : ADMIN_NAV;
}

export function isActive(entry: NavEntry, pathname: string): boolean {
  return entry.href === (pathname.replace(/\/+$/, '').toLowerCase() || '/');
}
