import type { BrandColourName } from './brand-palette';

/**
 * What names and describes a council: kept in its database (council_identity), edited by its admin at
 * /council-settings, and read on the server through one accessor (src/server/council/identity.ts). Browser-safe,
 * so islands can be handed the parts they show as props.
 */
export interface PostalAddress {
  line1: string;
  line2: string;
  town: string;
  district: string;
  state: string;
  pinCode: string;
}

export interface ImportantLink {
  label: string;
  /** The link's name on Hindi pages. */
  labelHindi: string;
  url: string;
}

/**
 * The map sites a council's office map may come from: the contact page frames the map, and the pages'
 * Content-Security-Policy names these and no other (src/server/content-security-policy.ts).
 */
export const MAP_SITES = ['https://www.google.com', 'https://www.openstreetmap.org'] as const;

export interface CouncilLinks {
  /** The office on a map: an address of Google Maps or OpenStreetMap (the only map sites the pages may frame). */
  map: string;
  mobileApp: string;
  /** The refuse vehicles' tracking site, in the main menu's services. */
  vehicleTracking: string;
  important: ImportantLink[];
}

export interface SocialAccounts {
  facebook: string;
  x: string;
  youtube: string;
  instagram: string;
}

export interface Bilingual {
  en: string;
  hi: string;
}

/** The identity as an admin edits it (GET and PUT /api/Admin/council). */
export interface CouncilIdentityInput {
  name: Bilingual;
  /** The prefix of every number the council issues (receipts, cases, licences): 2 to 6 capital letters. */
  shortName: string;
  tagline: Bilingual;
  address: { en: PostalAddress; hi: PostalAddress };
  contacts: { email: string; phone: string; tollFree: string };
  hours: Bilingual;
  links: CouncilLinks;
  social: SocialAccounts;
  colour: BrandColourName;
}

/** The logo as pages and documents reach it. */
export interface CouncilLogo {
  mediaId: number;
  sha256: string;
  contentType: string;
  /** Where it is served (/media/<sha256>.<ext>). */
  url: string;
}

export interface CouncilIdentity extends CouncilIdentityInput {
  logo: CouncilLogo | null;
  updatedAt: string;
}

export type Lang = 'en' | 'hi';

/** The address on one line, in the page's language. */
export function addressLine(identity: CouncilIdentityInput, lang: Lang): string {
  const a = identity.address[lang];
  const district = lang === 'hi' ? `ज़िला ${a.district}` : `District ${a.district}`;
  return [a.line1, a.line2, a.town, district, `${a.state} - ${a.pinCode}`].filter((part) => part.trim() !== '').join(', ');
}

/** The address as the lines of an envelope, in the page's language. */
export function addressLines(identity: CouncilIdentityInput, lang: Lang): string[] {
  const a = identity.address[lang];
  const district = lang === 'hi' ? `ज़िला ${a.district}` : `District ${a.district}`;
  return [a.line1, a.line2, `${a.town}, ${district}`, `${a.state} - ${a.pinCode}`].filter((line) => line.trim() !== '');
}
