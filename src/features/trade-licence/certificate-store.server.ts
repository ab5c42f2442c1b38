import { madeOnceStore } from '../../server/cache/made-once';
import { certificatePdf } from './certificate-pdf.server';
import { letterhead, letterheadVersion, type Letterhead } from '../payments/letterhead.server';
import type { PublicLicence } from './licence.server';

/**
 * Every certificate is drawn once for what it shows (the licence's public facts and its state by today's
 * date, and the council's letterhead) and kept: a second download, by anyone, is served from memory until the licence changes, its
 * trade's name is edited, or it expires. Drawn one at a time, so a crowd of downloads costs one drawing's
 * memory at a time. 16 MB keeps some hundreds of them.
 */
const certificates = madeOnceStore(16 * 1024 * 1024);

const shows = (licence: PublicLicence, head: Letterhead) => ({ licence, head: letterheadVersion(head) });

export const certificateEtag = async (licence: PublicLicence) => certificates.etagOf(shows(licence, await letterhead()));

export const licenceCertificate = async (licence: PublicLicence) => {
  const head = await letterhead();
  return certificates.get(licence.number, shows(licence, head), () => certificatePdf(licence, head));
};
