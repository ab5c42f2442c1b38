import type { APIRoute } from 'astro';
import { db } from '../../server/db';
import { errorResponse, HttpError } from '../../server/http';
import { payableOf } from '../../features/payments/payable';
import { receiptPdf } from '../../features/payments/receipt-pdf.server';
import { verifyUrl } from '../../features/payments/receipts.server';
import { receiptCheckCode } from '../../features/payments/receipt-check';
import { letterhead } from '../../features/payments/letterhead.server';
import { formatWhen } from '../../lib/format';

/**
 * A receipt as PDF, at /receipt/{token}.pdf (?lang=hi for Hindi). The token is the receipt's own secret (the
 * PDF names the payer); it prints the receipt's check code, with which /verify shows the receipt's facts (but
 * never the payer); the number alone tells only whether the receipt is valid.
 */
const MODES: Record<string, Record<'en' | 'hi', string>> = {
  online: { en: 'Online', hi: 'ऑनलाइन' },
  cash: { en: 'Cash', hi: 'नकद' },
  cheque: { en: 'Cheque', hi: 'चेक' },
  dd: { en: 'Demand draft', hi: 'डिमांड ड्राफ्ट' },
  upi: { en: 'UPI', hi: 'यूपीआई' },
};

export const GET: APIRoute = async ({ params, url }) => {
  const match = /^([A-Za-z0-9_-]{16,40})\.pdf$/.exec(String(params.file ?? ''));
  if (!match) return errorResponse(new HttpError(404, 'Not found.'));
  const database = db();
  const receipt = await database.selectFrom('payment_receipt').selectAll().where('token', '=', match[1]).executeTakeFirst();
  if (!receipt) return errorResponse(new HttpError(404, 'Not found.'));
  const bill = await database.selectFrom('payment_bill').select(['payer_name']).where('id', '=', receipt.bill_id).executeTakeFirstOrThrow();
  const lang = url.searchParams.get('lang') === 'hi' ? 'hi' : 'en';
  const payable = payableOf(receipt.kind);
  const checkCode = receiptCheckCode(receipt.token, receipt.number);
  const pdf = await receiptPdf(
    {
      number: receipt.number,
      state: receipt.state,
      paidOn: formatWhen(receipt.paid_at, lang),
      amountPaise: receipt.amount_paise,
      mode: MODES[receipt.mode]?.[lang] ?? receipt.mode,
      instrument: receipt.instrument,
      title: payable.title[lang],
      reference: receipt.reference,
      referenceName: payable.referenceName[lang],
      payerName: bill.payer_name,
      lines: await payable.receiptLines(database, receipt.id, lang),
      checkCode,
      verifyUrl: verifyUrl(lang, receipt.number, checkCode),
    },
    lang,
    await letterhead(),
  );
  return new Response(new Uint8Array(pdf), {
    headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${receipt.number}.pdf"`, 'cache-control': 'private, no-store' },
  });
};
