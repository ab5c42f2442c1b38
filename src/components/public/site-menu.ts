import { siteSettings } from '../../site-settings';

/**
 * The public site's main menu as data: the header renders it twice (a bar on wide screens, a collapsible
 * list on phones and tablets) from this one description, so the two can never disagree. Every entry leads
 * to a page that is what it names: a download or act the council has not published is not listed.
 */
export interface MenuLink {
  label: string;
  href: string;
  /** Opens in a new tab with rel="noopener noreferrer" and says so to screen readers. */
  external?: boolean;
}

export type MenuEntry =
  | { kind: 'link'; label: string; href: string }
  | { kind: 'dropdown'; label: string; items: readonly MenuLink[] };

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
      { label: 'Trade Licence Form', href: '/tradelicense' },
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
  // Only staff sign in: citizens use every service without an account, so there is no citizen's login.
  { kind: 'link', label: 'Office Login', href: '/login' },
  { kind: 'link', label: 'Contacts', href: '/contactus' },
];
