import { siteSettings } from '../../../site-settings';

const { address } = siteSettings;

/** Contact Us and the office's contact box (also on the pages of services not online). */
export const contact = {
  title: 'Contact Us',
  description: (council: string) => `Address, phone, toll-free number, mail and office hours of ${council}.`,
  councilOffice: 'Council office',
  findUs: 'Find us',
  mapTitle: (council: string) => `Map showing the office of ${council}`,
  sendMessage: 'Send us a message',
  notOnline: 'Messages cannot be sent from this page yet.',
  writeTo: 'Please write to',
  orCall: 'or call',
  tollFreeWord: 'toll-free',
  formShows: 'The form below shows what to include.',
  name: 'Name',
  email: 'Email',
  subject: 'Subject',
  message: 'Message',
  sendNotAvailable: 'Send Message (not yet available)',
  address: 'Address',
  mail: 'Mail',
  tollFree: 'Toll-free',
  phone: 'Phone',
  officeHours: 'Office hours',
  /** The office's postal address as lines, and its hours. */
  addressLines: [address.line1, address.line2, `${address.town}, District ${address.district}`, `${address.state} - ${address.pinCode}`],
  hours: siteSettings.officeHours,
};
