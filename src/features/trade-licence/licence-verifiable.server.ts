import { messages } from '../../i18n/messages';
import type { Verifiable } from '../shared/verification';
import { isLicenceNumber, publicLicence } from './licence.server';
import { licenceStanding } from './standing';

/** A trade licence as /verify shows it: valid, expired or cancelled, the trade's name, place and validity. */
export const licenceVerifiable: Verifiable = {
  kind: 'trade-licence',
  recognises: isLicenceNumber,
  find: async (database, number, lang) => {
    const licence = await publicLicence(number, database);
    if (!licence) return null;
    const t = messages(lang).tradeLicence;
    return {
      what: t.verifyTitle,
      state: licence.status,
      verdict: t.status[licence.status],
      facts: [
        { label: t.licenceNumber, value: licence.number },
        { label: t.tradeName, value: licence.tradeName },
        { label: t.tradeType, value: licence.tradeType[lang] },
        { label: t.address, value: licence.address },
        { label: t.wardNumber, value: licence.ward },
        licenceStanding(licence.status, licence.validFrom, licence.validUntil, lang),
      ],
    };
  },
};
