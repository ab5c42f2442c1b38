import { messages } from '../../i18n/messages';
import { formatDayMonthYear } from '../../lib/format';
import type { Verifiable } from '../shared/verification';
import { rupees } from './money';
import { payableOf } from './payable';
import { verifyReceipt } from './receipts.server';

/**
 * A receipt as /verify shows it. By its number alone: valid or cancelled, and nothing else, since numbers run
 * in sequence and anybody can count. With the check code printed beside the number (and carried in the QR
 * code): the amount, the day, what it paid for and how; never anything about the payer.
 */
export const receiptVerifiable: Verifiable = {
  kind: 'receipt',
  recognises: (number) => /^[A-Z]{2,5}-RCT-\d{4}-\d{2}-\d{6}$/.test(number),
  find: async (database, number, lang, code) => {
    const found = await verifyReceipt(database, number, code);
    if (!found) return null;
    const t = messages(lang).propertyTax;
    const receipt = found.details;
    const facts = receipt
      ? [
          { label: t.receiptNumber, value: receipt.number },
          { label: t.amount, value: rupees(receipt.amountPaise) },
          { label: t.date, value: formatDayMonthYear(receipt.paidOn, lang) },
          // What it paid for, and which one: a property's number, a licence application's.
          { label: t.verifyFor, value: `${payableOf(receipt.kind).title[lang]} ${receipt.reference}` },
          { label: t.mode, value: t.modes[receipt.mode] ?? receipt.mode },
          ...(receipt.cancelledOn ? [{ label: t.cancelledOn, value: formatDayMonthYear(receipt.cancelledOn, lang) }] : []),
        ]
      : [{ label: t.receiptNumber, value: found.number }];
    return {
      what: t.verifyTitle,
      state: found.state,
      verdict: found.state === 'valid' ? t.verifyValid : t.verifyCancelled,
      facts,
      asksCode: receipt === null,
      codeRefused: found.codeRefused,
    };
  },
};
