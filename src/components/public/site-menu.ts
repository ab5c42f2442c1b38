import { siteSettings } from '../../site-settings';

/**
 * The public site's main menu as data: the header renders it twice (a bar on wide screens, a collapsible
 * list on phones) from this one description, so the two can never disagree.
 */
export interface MenuLink {
  label: string;
  href: string;
  /** Opens in a new tab with rel="noopener noreferrer" and says so to screen readers. */
  external?: boolean;
}

/** A group inside the Downloads mega menu; items without href are shown as plain text. */
export interface MenuGroup {
  heading: string;
  items: readonly { label: string; href?: string }[];
}

export type MenuEntry =
  | { kind: 'link'; label: string; href: string }
  | { kind: 'dropdown'; label: string; items: readonly MenuLink[] }
  | { kind: 'mega'; label: string; groups: readonly MenuGroup[] };

export const SITE_MENU: readonly MenuEntry[] = [
  { kind: 'link', label: 'Home', href: '/' },
  {
    kind: 'dropdown',
    label: 'About Us',
    items: [
      { label: 'About', href: '/about' },
      { label: 'Ward Parshad', href: '/wardparsad' },
      { label: 'Executive Officer', href: '/executiveofficer' },
      { label: 'Chairman', href: '/chairman' },
      { label: 'Standing Committee', href: '/standingcommitee' },
      { label: 'Employee List', href: '/employeelist' },
      { label: 'List of Holidays', href: '/listofholiday' },
    ],
  },
  {
    kind: 'dropdown',
    label: 'Tenders',
    items: [
      { label: 'Active Tenders', href: '/currenttender' },
      { label: 'Un-Active Tenders', href: '/pasttender' },
    ],
  },
  {
    kind: 'dropdown',
    label: 'Documents',
    items: [
      { label: 'Notice', href: '/notice' },
      { label: 'Circulars', href: '/circulars' },
      { label: 'Office Order', href: '/officeorder' },
      { label: 'Latest News', href: '/latestnews' },
    ],
  },
  {
    kind: 'mega',
    label: 'Downloads',
    // The council publishes its downloadable papers as notices; until each group has its own list, the
    // groups name what will be offered and point to the notices, so no entry ends on a missing page.
    groups: [
      {
        heading: 'Forms',
        items: [
          { label: 'Trade Licence Application', href: '/tradelicense' },
          { label: 'New Water Connection', href: '/notice' },
          { label: 'Birth & Death Registration', href: '/notice' },
          { label: 'Holding Tax Assessment', href: '/notice' },
        ],
      },
      {
        heading: 'Acts & Rules',
        items: [
          { label: 'Bihar Municipal Act, 2007' },
          { label: 'Municipal Property Tax Rules' },
          { label: 'Solid Waste Management Bye-laws' },
          { label: 'Building Bye-laws' },
        ],
      },
      {
        heading: 'Reports',
        items: [
          { label: 'Annual Budget', href: '/notice' },
          { label: 'Board Meeting Proceedings', href: '/notice' },
          { label: 'Office Orders', href: '/officeorder' },
          { label: 'Circulars', href: '/circulars' },
        ],
      },
    ],
  },
  {
    kind: 'dropdown',
    label: 'Grievance',
    items: [
      { label: 'Post Grievance', href: '/postgrievance' },
      { label: 'Track Grievance', href: '/trackgrievance' },
      { label: 'View Grievances', href: '/viewgrievance' },
      { label: 'RTI', href: siteSettings.rtiUrl, external: true },
    ],
  },
  {
    kind: 'dropdown',
    label: 'Services',
    items: [
      { label: 'Trade Licence', href: '/tradelicense' },
      { label: 'View Property Tax', href: '/viewpropertytax' },
      { label: 'Pay Property Tax', href: '/paypropertytax' },
      { label: 'GPS Tracing', href: siteSettings.gpsTracingUrl, external: true },
    ],
  },
  {
    kind: 'dropdown',
    label: 'Gallery',
    items: [
      { label: 'Photo Gallery', href: '/photogallery' },
      { label: 'Video Gallery', href: '/videogallery' },
      { label: 'Press Release', href: '/pressrelease' },
    ],
  },
  {
    kind: 'dropdown',
    label: 'Login',
    items: [
      { label: 'Office Login', href: '/login' },
      { label: "Citizen's Login", href: '/login' },
    ],
  },
  { kind: 'link', label: 'Contacts', href: '/contactus' },
];
