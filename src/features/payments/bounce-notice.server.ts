import type { Db } from '../../server/db';
import { siteOrigin } from '../../server/config';
import { channelsFor, queueMessages } from '../../server/outbox';
import { councilIdentity } from '../../server/council/identity';
import { messages } from '../../i18n/messages';
import type { Lang } from '../../i18n/lang';
import { rupees } from './money';
import { payableOf } from './payable';

/**
 * The payer's notice of a cheque or draft the bank returned, queued in the transaction that cancels its
 * receipt: which receipt, what for, the amount owed again and where to pay it. It goes only to the contact
 * the bill was made out to (the mobile on record the receipt went to, and an email where the service holds
 * one): a statutory notice about the holder's own payment, so no consent beyond holding that contact is asked,
 * and nobody else is written to. In the payer's language when the service knows it, otherwise in Hindi and
 * English together.
 */
export interface ReturnedReceipt {
  number: string;
  billId: number;
  kind: string;
  reference: string;
  amountPaise: number;
}

export async function queueBounceNotice(trx: Db, receipt: ReturnedReceipt): Promise<void> {
  const bill = await trx.selectFrom('payment_bill').select(['payer_mobile', 'payer_email']).where('id', '=', receipt.billId).executeTakeFirst();
  const contact = { mobile: bill?.payer_mobile || undefined, email: bill?.payer_email || undefined };
  if (!contact.mobile && !contact.email) return;
  const payable = payableOf(receipt.kind);
  const known = await payable.payerLang?.(trx, receipt.reference);
  const langs: Lang[] = known ? [known] : ['hi', 'en'];
  // Both languages in one message when the payer's is not known: each part names the council in its own.
  const { name } = await councilIdentity();
  const words = langs.map((lang) => {
    const t = messages(lang).notices;
    const council = name[lang];
    const path = payable.payPath?.(lang, receipt.reference);
    return {
      subject: t.bouncedSubject(receipt.number),
      body: `${t.bounced(council, payable.title[lang], payable.referenceName[lang], receipt.reference, receipt.number, rupees(receipt.amountPaise))} ${path ? t.payOnline(`${siteOrigin()}${path}`) : t.payAtOffice}`,
    };
  });
  const subject = words.map((w) => w.subject).join(' / ');
  const body = words.map((w) => w.body).join('\n\n');
  await queueMessages(trx, channelsFor(contact).map((to) => ({ ...to, lang: langs[0], subject, body, reference: receipt.number })));
}
