import { madeOnceStore } from '../../server/cache/made-once';
import { certificatePdf } from './certificate-pdf.server';
import type { PublicLicence } from './licence.server';

/**
 * Every certificate is drawn once for what it shows (the licence's public facts and its state by today's
 * date) and kept: a second download, by anyone, is served from memory until the licence changes, its
 * trade's name is edited, or it expires. Drawn one at a time, so a crowd of downloads costs one drawing's
 * memory at a time. 16 MB keeps some hundreds of them.
 */
const certificates = madeOnceStore(16 * 1024 * 1024);

export const certificateEtag = (licence: PublicLicence) => certificates.etagOf(licence);

export const licenceCertificate = (licence: PublicLicence) => certificates.get(licence.number, licence, () => certificatePdf(licence));
