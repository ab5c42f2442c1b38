import { demoCouncil } from '../../db/seed/council';
import { addressLine, type CouncilIdentity } from '../../src/lib/council';

/** The demo council's identity as the tests read it: every test server starts from the demo's first start. */
export const demoSettings = {
  councilName: demoCouncil.name.en,
  councilNameHindi: demoCouncil.name.hi,
  shortName: demoCouncil.shortName,
  address: demoCouncil.address.en,
  addressHindi: demoCouncil.address.hi,
  addressText: addressLine(demoCouncil, 'en'),
  email: demoCouncil.contacts.email,
  phone: demoCouncil.contacts.phone,
  tollFree: demoCouncil.contacts.tollFree,
  officeHours: demoCouncil.hours.en,
  mapEmbedUrl: demoCouncil.links.map,
  importantLinks: demoCouncil.links.important,
  mobileAppUrl: demoCouncil.links.mobileApp,
  gpsTracingUrl: demoCouncil.links.vehicleTracking,
};

/** The demo council's identity as the accessor answers it on a demo server (no logo). */
export const demoIdentity: CouncilIdentity = { ...demoCouncil, logo: null, updatedAt: '2026-11-22T00:00:00.000Z' };
