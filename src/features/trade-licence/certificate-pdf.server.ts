import QRCode from 'qrcode';
import { finish, line, newDocument, paragraph, widthBeside } from '../payments/receipt-pdf.server';
import { drawLogo, type Letterhead } from '../payments/letterhead.server';
import { verifyUrl } from '../payments/receipts.server';
import { formatLongDate } from '../../lib/format';
import { messages } from '../../i18n/messages';
import type { PublicLicence } from './licence.server';

/**
 * The licence certificate, in English and Hindi on one page, drawn with the receipts' PDF writer: the
 * licence number, the trade's name, trade, address, ward and validity, and a QR code to /verify/{number}
 * where anyone sees whether it is valid now. It carries the licence's public facts only, so that its
 * address (the licence number) may be as open as the licence itself.
 */
export async function certificatePdf(licence: PublicLicence, head: Letterhead): Promise<Buffer> {
  const doc = newDocument('Trade licence certificate', head.council.name.en);
  const qr = await QRCode.toBuffer(verifyUrl('en', licence.number), { type: 'png', margin: 1, width: 220, errorCorrectionLevel: 'M' });
  doc.image(qr, 420, 40, { width: 120 });
  let y = 48;
  for (const lang of ['en', 'hi'] as const) {
    const t = messages(lang).tradeLicence;
    // The logo once, beside the first language's heading.
    const x = lang === 'en' ? drawLogo(doc, head, 48, y - 4, 44) : 48;
    line(doc, head.council.name[lang], { size: 16, bold: true, x, y });
    line(doc, lang === 'hi' ? 'व्यापार लाइसेंस प्रमाणपत्र' : 'Trade licence certificate', { size: 14, bold: true, x, y: y + 24 });
    y += 56;
    const rows: [string, string][] = [
      [t.licenceNumber, licence.number],
      [t.tradeName, licence.tradeName],
      [t.tradeType, licence.tradeType[lang]],
      [t.address, licence.address],
      [t.wardNumber, licence.ward],
      [t.validity, t.validRange(formatLongDate(licence.validFrom, lang), formatLongDate(licence.validUntil, lang))],
    ];
    for (const [label, value] of rows) {
      line(doc, label, { size: 11, x: 48, y });
      // A long trade name or address wraps within its column, clear of the QR code.
      const below = paragraph(doc, value, { x: 180, y, width: widthBeside(doc, 180, y, { left: 420, bottom: 160 }), size: 11, bold: true });
      y = Math.max(y + 20, below + 5);
    }
    y += 30;
  }
  line(doc, `Verify / जाँचें: ${verifyUrl('en', licence.number)}`, { size: 9, x: 48, y });
  if (licence.status !== 'valid') {
    doc.save().rotate(-30, { origin: [300, 400] }).fillColor('#a4161a').opacity(0.35);
    line(doc, licence.status === 'cancelled' ? 'CANCELLED / रद्द' : 'EXPIRED / समाप्त', { size: 60, bold: true, x: 100, y: 360 });
    doc.restore();
  }
  return finish(doc);
}
