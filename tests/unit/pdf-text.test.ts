import { describe, expect, it } from 'vitest';
import { receiptPdf, type ReceiptForPdf } from '../../src/features/payments/receipt-pdf.server';
import { certificatePdf } from '../../src/features/trade-licence/certificate-pdf.server';
import { pdfText, pdfWords } from '../support/pdf-text';
import { demoIdentity } from '../support/demo-council';

/** The demo council's letterhead, without a logo. */
const DEMO_HEAD = { council: demoIdentity, logo: null };

/**
 * The PDFs' text as poppler extracts it: Hindi in Unicode order (each shaped Devanagari run carries its text
 * as ActualText), never the glyphs' visual order (पिरषद for परिषद); and a long name wrapped within its column,
 * clear of the QR code in the top right corner (420 to 540 points across, down to 160) and of the page's
 * right margin.
 */
const VISUAL_ORDER = ['पिरषद', 'ितिथ', 'रािश', 'संपित्त', 'िववरण', 'िकया'];
const QR = { left: 420, bottom: 160 };
const RIGHT_MARGIN = 595.28 - 48;

const receipt: ReceiptForPdf = {
  number: 'NPK-RCT-2026-27-000123', state: 'valid', paidOn: '28/11/2026', amountPaise: 150000, mode: 'नकद', instrument: '',
  title: 'व्यापार लाइसेंस शुल्क', reference: 'NPK-TL-2026-11-28-000007', referenceName: 'आवेदन संख्या',
  payerName: 'सुनीता देवी', lines: [{ label: 'लाइसेंस शुल्क', amountPaise: 150000 }], checkCode: 'K7Q2-M9PX', verifyUrl: 'https://np.example/verify/NPK-RCT-2026-27-000123',
};

describe('Hindi in the PDFs extracts as typed', () => {
  it('a Hindi receipt', async () => {
    const text = await pdfText(await receiptPdf(receipt, 'hi', DEMO_HEAD));
    for (const words of ['नगर परिषद', 'भुगतान रसीद', 'तिथि', 'विवरण', 'व्यापार लाइसेंस शुल्क', 'आवेदन संख्या', 'प्राप्त किया', 'सुनीता देवी', 'प्राप्त राशि']) expect(text).toContain(words);
    for (const wrong of VISUAL_ORDER) expect(text).not.toContain(wrong);
  });

  it('a certificate, in both its languages', async () => {
    const text = await pdfText(await certificatePdf({
      number: 'NPK-TLN-2026-27-000001', status: 'valid', tradeName: 'शर्मा किराना स्टोर', tradeType: { en: 'Grocery shop', hi: 'किराना दुकान' },
      ward: '7', address: 'स्टेशन रोड, परिषद भवन के पास', validFrom: '2026-04-01', validUntil: '2027-03-31',
    }, DEMO_HEAD));
    for (const words of ['नगर परिषद', 'व्यापार लाइसेंस प्रमाणपत्र', 'शर्मा किराना स्टोर', 'किराना दुकान', 'स्टेशन रोड, परिषद भवन के पास', 'Trade licence certificate', 'Grocery shop']) expect(text).toContain(words);
    for (const wrong of VISUAL_ORDER) expect(text).not.toContain(wrong);
  });
});

describe('long names wrap within their box', () => {
  /** Every word of `value` as drawn, in order: the whole value is there, and each word inside the column. */
  function placed(words: Awaited<ReturnType<typeof pdfWords>>, value: string, columnLeft: number) {
    const wanted = value.split(' ');
    const start = words.findIndex((w, i) => wanted.every((word, j) => words[i + j]?.text === word));
    expect(start, `${value} is drawn whole`).toBeGreaterThanOrEqual(0);
    const drawn = words.slice(start, start + wanted.length);
    for (const w of drawn) {
      expect(w.xMin).toBeGreaterThanOrEqual(columnLeft - 0.5);
      expect(w.xMax, w.text).toBeLessThanOrEqual(RIGHT_MARGIN + 0.5);
      if (w.yMin < QR.bottom) expect(w.xMax, `${w.text} beside the QR code`).toBeLessThanOrEqual(QR.left);
    }
    return drawn;
  }

  it('a 120-character trade name on the certificate, and its address', async () => {
    const tradeName = 'Sri Ganesh Hardware Sanitary Paints Electricals Plywood Glass Tiles and Building Materials Wholesale and Retail Emporium';
    expect(tradeName.length).toBe(120);
    const address = 'Shop 4, Ground Floor, Gandhi Maidan Commercial Complex, Station Road, Opposite the Bus Stand, Near the Old Water Tower';
    const words = await pdfWords(await certificatePdf({
      number: 'NPK-TLN-2026-27-000002', status: 'valid', tradeName, tradeType: { en: 'Hardware shop', hi: 'हार्डवेयर दुकान' }, ward: '7', address, validFrom: '2026-04-01', validUntil: '2027-03-31',
    }, DEMO_HEAD));
    const name = placed(words, tradeName, 180);
    expect(new Set(name.map((w) => w.yMin)).size).toBeGreaterThan(1);
    placed(words, address, 180);
    // Nothing below overlaps it: the next label starts under the name's last line.
    const next = words.find((w) => w.text === 'Trade' && w.yMin > name[0].yMin && w.xMin < 180)!;
    expect(next.yMin).toBeGreaterThanOrEqual(Math.max(...name.map((w) => w.yMax)));
  });

  it('a long number beside the QR code, a long payer and a long word on the receipt', async () => {
    const payerName = 'Shri Ramchandra Prasad Srivastava on behalf of Kamalpur Zila Vyapar Mandal Sahkari Samiti Limited';
    const number = 'NPK RCT 2026 27 000123 counter duplicate copy issued again';
    const words = await pdfWords(await receiptPdf({ ...receipt, number, title: 'Trade licence fee', referenceName: 'Application number', payerName, reference: 'X'.repeat(70) }, 'en', DEMO_HEAD));
    expect(new Set(placed(words, number, 200).map((w) => w.yMin)).size).toBeGreaterThan(1);
    placed(words, payerName, 200);
    // A word longer than the column is cut between its letters.
    const pieces = words.filter((w) => /^X+$/.test(w.text));
    expect(pieces.map((w) => w.text).join('')).toBe('X'.repeat(70));
    expect(pieces.length).toBeGreaterThan(1);
    for (const w of pieces) expect(w.xMax).toBeLessThanOrEqual(RIGHT_MARGIN + 0.5);
  });
});
