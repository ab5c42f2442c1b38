/**
 * The council's fixed public details. Browser-safe (no server imports), so pages and islands can both use it.
 * The council is fictional; addresses, numbers and social accounts are demo values to be replaced by a real
 * council when it adopts the portal. The four important links and the RTI portal are real government sites.
 */

export interface ExternalLink {
  label: string;
  /** The name on Hindi pages, where the site has one in Hindi. */
  labelHindi?: string;
  url: string;
}

export interface PostalAddress {
  line1: string;
  line2: string;
  town: string;
  district: string;
  state: string;
  pinCode: string;
}

export interface SiteSettings {
  councilName: string;
  councilNameHindi: string;
  /** Used in reference numbers (tenders, orders) and small spaces such as the mobile header. */
  shortName: string;
  tagline: string;
  address: PostalAddress;
  /** The same address in Hindi, for what the council issues in Hindi (a Hindi receipt's header). */
  addressHindi: PostalAddress;
  /** The address on one line, for footers and the contact page. */
  addressText: string;
  email: string;
  phone: string;
  tollFree: string;
  officeHours: string;
  mapEmbedUrl: string;
  importantLinks: readonly ExternalLink[];
  mobileAppUrl: string;
  rtiUrl: string;
  gpsTracingUrl: string;
  social: {
    facebook: string;
    x: string;
    youtube: string;
    instagram: string;
  };
}

const address: PostalAddress = {
  line1: 'Nagar Parishad Bhawan, Station Road',
  line2: 'Near Gandhi Maidan',
  town: 'Kamalpur',
  district: 'Gandakpur',
  state: 'Bihar',
  pinCode: '841427',
};

const addressHindi: PostalAddress = {
  line1: 'नगर परिषद भवन, स्टेशन रोड',
  line2: 'गांधी मैदान के पास',
  town: 'कमलपुर',
  district: 'गंडकपुर',
  state: 'बिहार',
  pinCode: address.pinCode,
};

export const siteSettings: SiteSettings = {
  councilName: 'Nagar Parishad Kamalpur',
  councilNameHindi: 'नगर परिषद कमलपुर',
  shortName: 'NPK',
  tagline: 'Swachh Kamalpur, Sundar Kamalpur',
  address,
  addressHindi,
  addressText: `${address.line1}, ${address.line2}, ${address.town}, District ${address.district}, ${address.state} - ${address.pinCode}`,
  email: 'info@nagarparishad.example',
  phone: '06254-242118',
  tollFree: '1800-345-6190',
  officeHours: 'Monday to Saturday, 10:00 AM - 5:00 PM (closed on Sundays, second Saturdays and public holidays)',
  mapEmbedUrl: 'https://www.google.com/maps?q=Station+Road,+Kamalpur,+Bihar&output=embed',
  importantLinks: [
    { label: 'RTI', labelHindi: 'सूचना का अधिकार (RTI)', url: 'https://rtionline.gov.in/' },
    { label: 'MoHUA', labelHindi: 'आवास और शहरी कार्य मंत्रालय', url: 'https://mohua.gov.in/' },
    { label: 'RTPS & Other Services', labelHindi: 'लोक सेवाओं का अधिकार एवं अन्य सेवाएँ', url: 'https://serviceonline.bihar.gov.in/' },
    { label: 'UD & HD', labelHindi: 'नगर विकास एवं आवास विभाग', url: 'https://urban.bihar.gov.in/' },
  ],
  mobileAppUrl: 'https://play.google.com/store/apps/details?id=example.nagarparishad.kamalpur',
  rtiUrl: 'https://rtionline.gov.in/',
  gpsTracingUrl: 'https://gps.nagarparishad.example/vehicles',
  social: {
    facebook: 'https://www.facebook.com/NagarParishadKamalpur',
    x: 'https://x.com/NPKamalpur',
    youtube: 'https://www.youtube.com/@NagarParishadKamalpur',
    instagram: 'https://www.instagram.com/nagarparishadkamalpur',
  },
};
