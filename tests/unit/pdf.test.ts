import { describe, expect, it } from 'vitest';
import { makePdf, wrapText } from '../../db/seed/pdf';

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** The object offsets listed in the cross-reference table, by object number. */
function xrefOffsets(text: string): Map<number, number> {
  const start = text.lastIndexOf('startxref');
  const xrefAt = Number(/startxref\s+(\d+)/.exec(text.slice(start))![1]);
  expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(xrefAt))!;
  const entries = text.slice(xrefAt).split('\n').slice(2, 2 + Number(count));
  const offsets = new Map<number, number>();
  entries.forEach((entry, i) => {
    expect(entry).toMatch(/^\d{10} \d{5} [nf] $/);
    if (entry.endsWith('n ')) offsets.set(Number(first) + i, Number(entry.slice(0, 10)));
  });
  return offsets;
}

describe('makePdf', () => {
  const pdf = makePdf('Ward 9 water supply notice', ['Supply will stop from 10 AM to 4 PM (tank cleaning).', '', 'Sd/- Executive Officer']);
  const text = latin1(pdf);

  it('is a PDF 1.4 file with a proper ending', () => {
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('has a cross-reference table pointing at each object', () => {
    const offsets = xrefOffsets(text);
    const objectCount = (text.match(/^\d+ 0 obj$/gm) ?? []).length;
    expect(offsets.size).toBe(objectCount);
    for (const [id, offset] of offsets) expect(text.slice(offset, offset + `${id} 0 obj`.length)).toBe(`${id} 0 obj`);
    expect(text).toMatch(new RegExp(`/Size ${objectCount + 1}\\b`));
  });

  it('declares stream lengths that match the stream bytes', () => {
    for (const match of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
      const start = match.index! + match[0].length;
      expect(text.slice(start + Number(match[1]), start + Number(match[1]) + 10)).toBe('\nendstream');
    }
  });

  it('draws the title, the council header and escaped body text', () => {
    expect(text).toContain('(Ward 9 water supply notice) Tj');
    expect(text).toContain('(NAGAR PARISHAD KAMALPUR) Tj');
    expect(text).toContain('\\(tank cleaning\\)');
  });

  it('wraps long text onto further pages', () => {
    const long = makePdf('Long document', Array.from({ length: 120 }, (_, i) => `Paragraph ${i + 1} with enough words to take a full line of the page and then some more.`));
    const body = latin1(long);
    const count = Number(/\/Count (\d+)/.exec(body)![1]);
    expect(count).toBeGreaterThan(2);
    expect((body.match(/\/Type \/Page /g) ?? []).length).toBe(count);
    expect(body).toContain(`(Page ${count} of ${count}) Tj`);
    for (const [id, offset] of xrefOffsets(body)) expect(body.slice(offset).startsWith(`${id} 0 obj`)).toBe(true);
  });

  it('maps typographic characters and replaces what the standard fonts cannot draw', () => {
    const body = latin1(makePdf('Fees \u2013 \u20b9 500', ['\u0928\u0917\u0930 \u201cquoted\u201d']));
    expect(body).toContain('(Fees \x96 Rs. 500) Tj');
    expect(body).toContain('(??? \x93quoted\x94) Tj');
  });
});

describe('wrapText', () => {
  it('keeps every line within the width and loses no words', () => {
    const text = 'The council invites sealed tenders from registered contractors for the construction of a covered drain.';
    const lines = wrapText(text, 'F1', 11, 150);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join(' ')).toBe(text);
  });

  it('cuts a word longer than the line', () => {
    const lines = wrapText('x'.repeat(200), 'F1', 11, 100);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe('x'.repeat(200));
  });
});
