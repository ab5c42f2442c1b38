import { demoAddressText, demoCouncil } from './council';
import { finish, line, newDocument, paragraph, type Doc } from '../../src/features/payments/receipt-pdf.server';

/**
 * The demo documents, drawn with pdfkit through the receipts' document helpers (the same fonts, so Hindi
 * words are shaped too): an A4 page with the council's letterhead band, the title in bold, then the lines as
 * wrapped paragraphs, continued on further pages under the same letterhead.
 */
const MARGIN = 56;
const BAND_HEIGHT = 78;
const BODY_BOTTOM_GAP = 64;
const PARAGRAPH_GAP = 6;

/** The council's header band, on every page so a printed page is never anonymous. */
function letterhead(doc: Doc): void {
  const width = doc.page.width;
  doc.save().rect(0, 0, width, BAND_HEIGHT).fill('#174573').rect(0, BAND_HEIGHT, width, 4).fill('#f58c21').restore();
  doc.fillColor('#ffffff');
  line(doc, demoCouncil.name.en.toUpperCase(), { x: MARGIN, y: 14, size: 18, bold: true });
  line(doc, demoAddressText, { x: MARGIN, y: 40, size: 9 });
  line(doc, `Phone ${demoCouncil.contacts.phone}  |  Toll-free ${demoCouncil.contacts.tollFree}  |  ${demoCouncil.contacts.email}`, { x: MARGIN, y: 54, size: 9 });
  doc.fillColor('#1a1a1a');
}

/** A printable A4 document: the letterhead, the title in bold, then each line as a wrapped paragraph. */
export async function makePdf(title: string, lines: string[]): Promise<Uint8Array> {
  const doc = newDocument(title, demoCouncil.name.en);
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - BODY_BOTTOM_GAP;
  letterhead(doc);
  let y = paragraph(doc, title, { x: MARGIN, y: BAND_HEIGHT + 36, width, size: 15, bold: true }) + 10;
  for (const text of lines) {
    if (y > bottom()) {
      doc.addPage();
      letterhead(doc);
      y = BAND_HEIGHT + 36;
    }
    y = text.trim() === '' ? y + 10 : paragraph(doc, text, { x: MARGIN, y, width, size: 11 }) + PARAGRAPH_GAP;
  }
  return new Uint8Array(await finish(doc));
}
