import { siteSettings } from '../../../site-settings';

/** The footer of every public page. */
export const footer = {
  addressHeading: 'Address',
  councilName: siteSettings.councilName,
  address: siteSettings.addressText,
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
  copyright: (year: number) =>
    `© ${year} ${siteSettings.councilName}. All rights reserved. This website is owned and managed by ${siteSettings.councilName}; content is published and maintained by its departments.`,
};
