import { messages } from '../../i18n/messages';
import type { Verifiable } from '../shared/verification';
import { rupees } from './money';
import { payableOf } from './payable';
import { publicReceipt } from './receipts.server';

/** A receipt as /verify shows it: valid or cancelled, the amount, the day, what it paid for; nothing about the payer. */
export const receiptVerifiable: Verifiable = {
  kind: 'receipt',
  recognises: (number) => /^[A-Z]{2,5}-RCT-\d{4}-\d{2}-\d{6}$/.test(number),
  find: async (database, number, lang) => {
    const receipt = await publicReceipt(database, number);
    if (!receipt) return null;
    const t = messages(lang).propertyTax;
    const facts = [
      { label: t.receiptNumber, value: receipt.number },
      { label: t.amount, value: rupees(receipt.amountPaise) },
      { label: t.date, value: receipt.paidOn },
      // What it paid for, and which one: a property's number, a licence application's.
      { label: t.verifyFor, value: `${payableOf(receipt.kind).title[lang]} ${receipt.reference}` },
      { label: t.mode, value: t.modes[receipt.mode] ?? receipt.mode },
      ...(receipt.cancelledOn ? [{ label: t.cancelledOn, value: receipt.cancelledOn }] : []),
    ];
    return { what: t.verifyTitle, state: receipt.state, verdict: receipt.state === 'valid' ? t.verifyValid : t.verifyCancelled, facts };
  },
};
