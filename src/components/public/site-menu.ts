import { en } from '../../i18n/messages/en/index';

/** An entry's id: its name in each language's catalogue is `messages(lang).frame.menu[id]`. */
export type MenuId = keyof typeof en.frame.menu;

/**
 * The public site's main menu as data: the header renders it twice (a bar on wide screens, a collapsible
 * list on phones and tablets) from this one description, so the two can never disagree. Every entry leads
 * to a page that is what it names: a download or act the council has not published is not listed.
 */
export interface MenuLink {
  id: MenuId;
  /** The English name, for lists that are English only. */
  label: string;
  href: string;
  /** Opens in a new tab with rel="noopener noreferrer" and says so to screen readers. */
  external?: boolean;
}

export type MenuEntry =
  | { kind: 'link'; id: MenuId; label: string; href: string }
  | { kind: 'dropdown'; id: MenuId; label: string; items: readonly MenuLink[] };

/**
 * Where the Vehicle GPS Tracking entry leads: the council's own tracking site, from its identity (MainMenu
 * leaves the entry out while the council has none).
 */
export const VEHICLE_TRACKING = 'council:vehicle-tracking';

/** The national portal for applications under the Right to Information Act, the same for every council. */
const RTI_ONLINE = 'https://rtionline.gov.in/';

/** Where the Citizen's Login entry leads; for a visitor already signed in as a citizen, MainMenu leads to /my. */
export const CITIZEN_LOGIN = '/my/signin';

const name = (id: MenuId) => ({ id, label: en.frame.menu[id] });

export const SITE_MENU: readonly MenuEntry[] = [
  { kind: 'link', ...name('home'), href: '/' },
  {
    kind: 'dropdown',
    ...name('aboutUs'),
    items: [
      { ...name('about'), href: '/about' },
      { ...name('wardParshad'), href: '/wardparsad' },
      { ...name('executiveOfficer'), href: '/executiveofficer' },
      { ...name('chairman'), href: '/chairman' },
      { ...name('standingCommittee'), href: '/standingcommitee' },
      { ...name('employeeList'), href: '/employeelist' },
      { ...name('holidays'), href: '/listofholiday' },
    ],
  },
  {
    kind: 'dropdown',
    ...name('tenders'),
    items: [
      { ...name('activeTenders'), href: '/currenttender' },
      { ...name('pastTenders'), href: '/pasttender' },
    ],
  },
  {
    kind: 'dropdown',
    ...name('documents'),
    items: [
      { ...name('notice'), href: '/notice' },
      { ...name('circulars'), href: '/circulars' },
      { ...name('officeOrder'), href: '/officeorder' },
      { ...name('latestNews'), href: '/latestnews' },
    ],
  },
  {
    kind: 'dropdown',
    ...name('grievance'),
    items: [
      { ...name('postGrievance'), href: '/postgrievance' },
      { ...name('trackGrievance'), href: '/trackgrievance' },
      { ...name('viewGrievances'), href: '/viewgrievance' },
      // A ward's new and resolved grievances by email or SMS, and its RSS feed (src/features/ward-alerts).
      { ...name('wardAlerts'), href: '/ward-alerts' },
      // A citizen's own list of grievances, signed in with their mobile (src/features/citizen).
      { ...name('citizenLogin'), href: CITIZEN_LOGIN },
      { ...name('rti'), href: RTI_ONLINE, external: true },
    ],
  },
  {
    kind: 'dropdown',
    ...name('services'),
    items: [
      { ...name('tradeLicence'), href: '/tradelicense' },
      { ...name('viewPropertyTax'), href: '/viewpropertytax' },
      { ...name('payPropertyTax'), href: '/paypropertytax' },
      { ...name('gpsTracing'), href: VEHICLE_TRACKING, external: true },
    ],
  },
  {
    kind: 'dropdown',
    ...name('gallery'),
    items: [
      { ...name('photoGallery'), href: '/photogallery' },
      { ...name('videoGallery'), href: '/videogallery' },
      { ...name('pressRelease'), href: '/pressrelease' },
    ],
  },
  // Staff sign in here; citizens sign in with their mobile from the Grievance menu (Citizen's Login).
  { kind: 'link', ...name('officeLogin'), href: '/login' },
  { kind: 'link', ...name('contacts'), href: '/contactus' },
];
