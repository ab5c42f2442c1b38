import type { Db } from '../../src/server/db';
import { addressLine } from '../../src/lib/council';
import type { CouncilIdentityInput } from '../../src/lib/council';
import { hasCouncilIdentity, writeCouncilIdentity } from '../../src/server/council/identity';

/**
 * The demo council: fictional, with demo addresses, numbers and social accounts. Only the four important links
 * are real government sites. A real council enters its own at its first setup (README, "A real council").
 */
export const demoCouncil: CouncilIdentityInput = {
  name: { en: 'Nagar Parishad Kamalpur', hi: 'नगर परिषद कमलपुर' },
  shortName: 'NPK',
  tagline: { en: 'Swachh Kamalpur, Sundar Kamalpur', hi: 'स्वच्छ कमलपुर, सुंदर कमलपुर' },
  address: {
    en: { line1: 'Nagar Parishad Bhawan, Station Road', line2: 'Near Gandhi Maidan', town: 'Kamalpur', district: 'Gandakpur', state: 'Bihar', pinCode: '841427' },
    hi: { line1: 'नगर परिषद भवन, स्टेशन रोड', line2: 'गांधी मैदान के पास', town: 'कमलपुर', district: 'गंडकपुर', state: 'बिहार', pinCode: '841427' },
  },
  contacts: { email: 'info@nagarparishad.example', phone: '06254-242118', tollFree: '1800-345-6190' },
  hours: {
    en: 'Monday to Saturday, 10:00 AM - 5:00 PM (closed on Sundays, second Saturdays and public holidays)',
    hi: 'सोमवार से शनिवार, सुबह 10:00 से शाम 5:00 बजे तक (रविवार, दूसरे शनिवार और सार्वजनिक अवकाश के दिन बंद)',
  },
  links: {
    map: 'https://www.google.com/maps?q=Station+Road,+Kamalpur,+Bihar&output=embed',
    mobileApp: 'https://play.google.com/store/apps/details?id=example.nagarparishad.kamalpur',
    vehicleTracking: 'https://gps.nagarparishad.example/vehicles',
    important: [
      { label: 'RTI', labelHindi: 'सूचना का अधिकार (ऑनलाइन आवेदन)', url: 'https://rtionline.gov.in/' },
      { label: 'MoHUA', labelHindi: 'आवास और शहरी कार्य मंत्रालय', url: 'https://mohua.gov.in/' },
      { label: 'RTPS & Other Services', labelHindi: 'आरटीपीएस एवं अन्य सेवाएँ', url: 'https://serviceonline.bihar.gov.in/' },
      { label: 'UD & HD', labelHindi: 'नगर विकास एवं आवास विभाग, बिहार', url: 'https://urban.bihar.gov.in/' },
    ],
  },
  social: {
    facebook: 'https://www.facebook.com/NagarParishadKamalpur',
    x: 'https://x.com/NPKamalpur',
    youtube: 'https://www.youtube.com/@NagarParishadKamalpur',
    instagram: 'https://www.instagram.com/nagarparishadkamalpur',
  },
  colour: 'blue',
};

/** The demo council's address on one line, for the demo's documents. */
export const demoAddressText = addressLine(demoCouncil, 'en');

/** Writes the demo council's identity into a database that has none yet; answers whether it did. */
export async function seedDemoCouncil(database: Db): Promise<boolean> {
  if (await hasCouncilIdentity(database)) return false;
  await writeCouncilIdentity(database, demoCouncil);
  return true;
}
