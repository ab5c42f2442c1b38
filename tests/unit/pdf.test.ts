import { describe, expect, it } from 'vitest';
import { makePdf } from '../../db/seed/pdf';

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const pageCount = (text: string) => Number(/\/Count (\d+)/.exec(text)![1]);

/** The demo documents come from pdfkit (the receipts' kept library), not from a PDF writer of the project's own. */
describe('makePdf', () => {
  it('is a whole PDF file, titled, of one page for a short notice', async () => {
    const text = latin1(await makePdf('Ward 9 water supply notice', ['Supply will stop from 10 AM to 4 PM (tank cleaning).', '', 'Sd/- Executive Officer']));
    expect(text).toMatch(/^%PDF-1\.\d\n/);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain('(Ward 9 water supply notice)');
    expect(pageCount(text)).toBe(1);
    expect((text.match(/\/Type \/Page\b/g) ?? []).length).toBe(1);
  });

  it('continues long text on further pages, and draws Hindi words without failing', async () => {
    const long = latin1(await makePdf('Long document', Array.from({ length: 120 }, (_, i) => `Paragraph ${i + 1} with enough words to take a full line of the page and then some more.`)));
    expect(pageCount(long)).toBeGreaterThan(2);
    expect((long.match(/\/Type \/Page\b/g) ?? []).length).toBe(pageCount(long));
    const hindi = latin1(await makePdf('जल आपूर्ति सूचना', ['नगर परिषद \u201cquoted\u201d \u20b9 500']));
    expect(pageCount(hindi)).toBe(1);
  });
});
