/** Contact Us and the office's contact box (also on the pages of services not online). */
export const contact = {
  title: 'Contact Us',
  description: (council: string) => `Address, phone, toll-free number, mail and office hours of ${council}.`,
  councilOffice: 'Council office',
  findUs: 'Find us',
  mapTitle: (council: string) => `Map showing the office of ${council}`,
  showMap: 'Show the map',
  showMapNote: 'It loads from Google Maps when you ask for it.',
  sendMessage: 'Send us a message',
  messageIntro: 'Write to the council office here; its staff read every message, and answer by email if you give one. To register a complaint about a civic problem and get a number to track it, use',
  address: 'Address',
  mail: 'Mail',
  tollFree: 'Toll-free',
  phone: 'Phone',
  officeHours: 'Office hours',
};
