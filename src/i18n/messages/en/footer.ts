/** The footer of every public page. */
export const footer = {
  addressHeading: 'Address',
  contactHeading: 'Contact',
  mail: 'Mail:',
  tollFree: 'Toll-free:',
  phone: 'Phone:',
  usefulLinksHeading: 'Useful links',
  privacyPolicy: 'Privacy Policy',
  contactUs: 'Contact Us',
  holidays: 'List of Holidays',
  aboutSiteHeading: 'About this site',
  websitePolicies: 'Website Policies',
  help: 'Help',
  feedback: 'Feedback',
  sitemap: 'Sitemap',
  accessibilityStatement: 'Accessibility Statement',
  screenReaderAccess: 'Screen Reader Access',
  /** Followed by the date of the newest change to what the page shows. */
  lastUpdated: 'Last updated:',
  /** `council`: the council's name in the page's language. */
  copyright: (year: number, council: string) =>
    `© ${year} ${council}. All rights reserved. This website is owned and managed by ${council}; content is published and maintained by its departments.`,
};
