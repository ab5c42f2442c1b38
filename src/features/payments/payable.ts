import type { Db } from '../../server/db';
import type { Lang } from '../../i18n/lang';
import { installedModules } from '../modules';

/**
 * What anything paid for declares (a service on the case kernel declares only its fee: case-payables.server.ts
 * makes its payable): it names the payable thing by (kind, reference), says what is owed
 * now, and learns when it is paid through `onPaid`, called inside the transaction that writes the receipt
 * (so the service's own record of the payment exists exactly when the receipt does). Property tax is one,
 * declared by its feature's module (src/modules.ts lists them); each fee of a case service is another.
 */
export interface BillRequest {
  /** The amount the payer chose, for a service that allows part payment; otherwise undefined (pay it all). */
  amountPaise?: number;
  /** Proof the payer may pay this: the mobile on record, or a signed-in citizen's. Not asked at the counter. */
  mobile: string;
  /** Taken by a cashier at the counter, who needs no proof from the payer. */
  atCounter?: boolean;
}

export interface Quote {
  amountPaise: number;
  description: string;
  payer: { name: string; mobile: string; email?: string };
  /** The service's own lines, kept with the bill and handed back to onPaid. */
  details: unknown;
  /** The last moment this amount holds (rebates and penalties move at midnight). */
  validUntil: string;
}

export interface PaidBill {
  billId: number;
  reference: string;
  amountPaise: number;
  details: unknown;
}

export interface PaidReceipt {
  id: number;
  number: string;
}

export interface Payable {
  kind: string;
  /** What is owed for this reference now; throws HttpError (404, 400, 409) when it cannot be paid. */
  quote: (trx: Db, reference: string, request: BillRequest) => Promise<Quote>;
  /** In the receipt's transaction. */
  onPaid: (trx: Db, bill: PaidBill, receipt: PaidReceipt) => Promise<void>;
  /** In the transaction that cancels a receipt (a bounced cheque): undo what onPaid recorded. */
  onCancelled: (trx: Db, receipt: PaidReceipt) => Promise<void>;
  /** Where the payer lands after the gateway: the service's page for this transaction (or for the reference paid). */
  returnPath: (lang: Lang, transactionId: string, reference: string) => string;
  /** Where a payer pays this reference online (a path in their language), for a notice that it is owed again; none: at the office. */
  payPath?: (lang: Lang, reference: string) => string;
  /** The language the payer of this reference reads, where the service knows it (the one an application was made in). */
  payerLang?: (database: Db, reference: string) => Promise<Lang | null>;
  /** What a receipt paid, line by line, for its PDF. */
  receiptLines: (database: Db, receiptId: number, lang: Lang) => Promise<{ label: string; amountPaise: number }[]>;
  /** The words for the receipt and its messages, e.g. 'Property tax' / 'संपत्ति कर'. */
  title: Record<Lang, string>;
  /** What the receipt calls the reference it was paid against, e.g. 'Property number' / 'संपत्ति संख्या'. */
  referenceName: Record<Lang, string>;
}

/** The payable of a kind, as the installed modules declare it (src/features/modules.ts). */
export function payableOf(kind: string): Payable {
  const found = installedModules().flatMap((m) => m.payables ?? []).find((payable) => payable.kind === kind);
  if (!found) throw new Error(`no module declares the payable kind ${kind}`);
  return found;
}
