import { siteSettings } from '../../../site-settings';

/** The frame of every public page: header, menus, search box, display controls, news strip and the language switch. */
export const frame = {
  skipToContent: 'Skip to content',
  /** The switch's text and label, naming the page it leads to. */
  switchTo: 'हिन्दी',
  switchToLabel: 'हिन्दी में यह पृष्ठ',
  languageMenuLabel: 'Language',
  /** The council's name as the page's language writes it: the header, <title> and descriptions. */
  councilName: siteSettings.councilName,
  tagline: siteSettings.tagline,
  contactNumbersLabel: 'Contact numbers',
  phone: 'Phone:',
  email: 'Email:',
  tollFree: 'Toll-free:',
  mobileApp: 'Mobile App',
  tollFreeHelpline: 'Toll-free helpline',
  mainNavLabel: 'Main',
  menuButton: 'Menu',
  /** The main menu's entries, by the id each has in site-menu.ts. */
  menu: {
    home: 'Home',
    aboutUs: 'About Us',
    about: 'About',
    wardParshad: 'Ward Parshad',
    executiveOfficer: 'Executive Officer',
    chairman: 'Chairman',
    standingCommittee: 'Standing Committee',
    employeeList: 'Employee List',
    holidays: 'List of Holidays',
    tenders: 'Tenders',
    activeTenders: 'Active Tenders',
    pastTenders: 'Past Tenders',
    documents: 'Documents',
    notice: 'Notice',
    circulars: 'Circulars',
    officeOrder: 'Office Order',
    latestNews: 'Latest News',
    grievance: 'Grievance',
    postGrievance: 'Post Grievance',
    trackGrievance: 'Track Grievance',
    viewGrievances: 'View Grievances',
    wardAlerts: 'Alerts for a Ward',
    rti: 'RTI',
    services: 'Services',
    tradeLicence: 'Trade Licence Form',
    viewPropertyTax: 'View Property Tax',
    payPropertyTax: 'Pay Property Tax',
    gpsTracing: 'Vehicle GPS Tracking',
    gallery: 'Gallery',
    photoGallery: 'Photo Gallery',
    videoGallery: 'Video Gallery',
    pressRelease: 'Press Release',
    officeLogin: 'Office Login',
    citizenLogin: "Citizen's Login",
    myGrievances: 'My grievances',
    contacts: 'Contacts',
  },
  searchLabel: 'Search notices, circulars, orders, tenders and news',
  searchPlaceholder: 'Search notices, tenders…',
  searchButton: 'Search',
  displayControlsLabel: 'Text size and contrast',
  smallerText: 'smaller text',
  normalText: 'normal text size',
  largerText: 'larger text',
  highContrast: 'High contrast',
  breakingNews: 'Breaking News',
  externalNotice: 'External website that opens in a new tab. The council is not responsible for its content.',
  externalHidden: ' (external website, opens in a new tab)',
  /** A refused form's summary above it when more than one field is wrong; each message below links to its field. */
  errorSummary: (count: number) => `There are ${count} things to correct in the form:`,
  /** A refused form's page title, so that the tab and a screen reader's first words say it was refused. */
  errorTitle: (title: string) => `Error: ${title}`,
  /** Beside a file field of a refused form: the browser empties every file field on the page sent back. */
  fileAgain: 'The form was not sent, so no file was kept: choose the file again.',
  /** A refused form's files that were kept for it (src/server/kept-files.ts). */
  filesKept: 'Already sent, and kept for this form for an hour: it goes with the form unless you untick it or choose another file.',
  fileKept: (n: number, size: string) => `File ${n}, ${size}`,
  /** What a file field takes, said beside it before anything is sent; `mb` is the server's own limit. */
  fileLimit: {
    image: (mb: string) => `JPEG, PNG or WebP picture, up to ${mb} MB each.`,
    document: (mb: string) => `PDF or picture (JPEG, PNG), up to ${mb} MB.`,
    video: (mb: string) => `MP4 or WebM video, up to ${mb} MB.`,
  },
  /**
   * A chosen file over its field's limit, said by the browser before anything is sent; `mb` is the server's own
   * limit, and the browser fills in {file} (the file's name) and {size} (its megabytes).
   */
  fileTooLarge: (mb: string) => `{file} is {size} MB, more than the ${mb} MB this field takes: choose a smaller file. Nothing has been sent yet.`,
  /** The shared pieces of lists and dialogs. */
  closeDialog: 'Close dialog',
  close: 'Close',
  enlargePicture: 'Enlarge picture: ',
  enlargedPicture: (alt: string) => `Enlarged picture: ${alt}`,
  pdfSize: (size: string) => `(PDF, ${size})`,
  previous: 'Previous',
  next: 'Next',
  pageOf: (page: number, count: number) => `Page ${page} of ${count}`,
  /** `what` is the list's name in the middle of a sentence: 'notice'. */
  pagesOf: (what: string) => `Pages of the ${what} list`,
  titleWithPage: (title: string, page: number) => `${title} (page ${page})`,
  missingPage: (page: string | null) => `There is no page ${page} of this list.`,
  firstPage: 'Go to the first page',
};
